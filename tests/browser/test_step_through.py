"""The step-through diagrams in Chromium: keyboard stepping, the numbers shown, announcements, no JavaScript, axe.

Each of the three step-through diagrams (``docs/javascripts/stepper.js``) is
stepped through from the keyboard alone: Next with Enter to the last step,
the slider with Home and End; at every step the numbers in its tables are the
numbers of the page's embedded data (which ``tests/site/test_diagrams.py``
checks against independent recomputations), the caption (a polite live
region) says the step, and Previous and Next are disabled at the ends with the
focus kept. Without JavaScript the first step shows and the controls do not; with it, they
are there from the first paint (disabled until the script runs), so nothing
moves as the page starts.
At 1280 and at 390 px, in both schemes, axe finds nothing and the diagram fits
its column. No test starts Python: the diagrams need none.
"""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.test_accessibility import axe_in_both_schemes, report, scheme_page, settled

PAGES = {
    "attention-steps": "lessons/scaled-dot-product-attention/",
    "kv-cache-steps": "lessons/attention-while-generating/",
    "tiles-steps": "lessons/attention-at-scale/",
}


def _shown(figure: Locator) -> list[dict]:
    """The tables the figure shows: each one's caption and its cells' text, row by row."""
    return figure.evaluate(
        """(figure) => [...figure.querySelectorAll("table.stepper-matrix")].map((table) => ({
            caption: table.caption.textContent,
            cells: [...table.tBodies[0].rows].map((row) => [...row.cells].slice(1).map((cell) => cell.textContent)),
        }))"""
    )


def _expected(step: dict) -> list[dict]:
    return [
        {
            "caption": f"{item['name']} {item['shape']}",
            "cells": [["·" if x is None else f"{x:.2f}" for x in row] for row in item["values"]],
        }
        for item in step["items"]
        if "name" in item
    ]


def test_each_diagram_steps_by_keyboard_showing_its_data(page: Page, site_url: str) -> None:
    for name, path in PAGES.items():
        page.goto(site_url + path)
        figure = page.locator(f'[data-stepper="{name}"]')
        expect(figure).to_have_attribute("data-stepper-ready", "true")
        steps = json.loads(figure.locator("[data-stepper-data]").get_attribute("data-stepper-data"))["steps"]
        caption = figure.locator("[data-stepper-caption]")
        expect(caption).to_have_attribute("aria-live", "polite")
        previous, following = figure.locator("[data-action=previous]"), figure.locator("[data-action=next]")
        slider = figure.locator("[data-control=step]")
        expect(previous).to_be_disabled()
        following.focus()
        for index, step in enumerate(steps):
            expect(caption).to_have_text(f"Step {index + 1} of {len(steps)}: {step['caption']}")
            assert _shown(figure) == _expected(step), f"{name}, step {index + 1}"
            expect(slider).to_have_value(str(index + 1))
            if index < len(steps) - 1:
                page.keyboard.press("Enter")
        # Next is disabled at the last step, and the focus moved to the slider instead of the page.
        expect(following).to_be_disabled()
        expect(slider).to_be_focused()
        page.keyboard.press("Home")
        expect(caption).to_have_text(f"Step 1 of {len(steps)}: {steps[0]['caption']}")
        assert _shown(figure) == _expected(steps[0])
        page.keyboard.press("ArrowRight")
        expect(figure).to_have_attribute("data-stepper-step", "2")
        page.keyboard.press("Shift+Tab")  # back past Next to Previous, now enabled
        expect(following).to_be_focused()
        page.keyboard.press("Shift+Tab")
        expect(previous).to_be_focused()
        page.keyboard.press("Space")
        expect(figure).to_have_attribute("data-stepper-step", "1")
        page.keyboard.press("End")  # Previous is disabled now; the focus went to the slider
        expect(figure).to_have_attribute("data-stepper-step", str(len(steps)))
        assert _shown(figure) == _expected(steps[-1])
        # The step is drawn at once: nothing in it moves or fades (so reduced motion has nothing to turn off).
        moving = figure.evaluate(
            """(f) => document.getAnimations().filter((a) => f.querySelector('[data-stepper-view]')
                .contains(a.effect && a.effect.target)).length"""
        )
        assert moving == 0


def test_without_javascript_the_first_step_shows_and_no_controls(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    try:
        page = context.new_page()
        page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url)
                   else route.abort())
        for name, path in PAGES.items():
            page.goto(site_url + path)
            figure = page.locator(f'[data-stepper="{name}"]')
            steps = json.loads(figure.locator("[data-stepper-data]").get_attribute("data-stepper-data"))["steps"]
            expect(figure.locator("[data-stepper-caption]")).to_have_text(
                f"Step 1 of {len(steps)}: {steps[0]['caption']}"
            )
            assert _shown(figure) == _expected(steps[0])
            expect(figure.locator("[data-stepper-controls]")).to_be_hidden()
    finally:
        context.close()


def test_the_diagrams_pass_axe_and_fit_at_1280_and_390(open_page, site_url: str) -> None:
    found: dict[str, list[str]] = {}
    for width in (1280, 390):
        page = scheme_page(open_page, "light")
        page.set_viewport_size({"width": width, "height": 900})
        for name, path in PAGES.items():
            page.goto(site_url + path)
            settled(page, at_once=True)
            figure = page.locator(f'[data-stepper="{name}"]')
            expect(figure).to_have_attribute("data-stepper-ready", "true")
            slider = figure.locator("[data-control=step]")
            total = int(slider.get_attribute("max"))
            slider.focus()
            page.keyboard.press("End")
            for step in range(total, 0, -1):  # every step fits its column, from the last (the densest) down
                if step < total:
                    page.keyboard.press("ArrowLeft")
                expect(figure).to_have_attribute("data-stepper-step", str(step))
                fits = figure.evaluate("(f) => f.scrollWidth <= f.clientWidth")
                assert fits, f"{name}, step {step}, at {width} px is wider than its column"
            page.keyboard.press("End")  # axe on the last step
            figure.scroll_into_view_if_needed()
            for image in page.locator("article img[src*='/images/diagrams/']").all():
                if image.is_visible():
                    box = image.bounding_box()
                    assert box is not None and box["width"] <= width, (name, width)
            axe_in_both_schemes(page, f"{path} at {width} px", found, within=f'[data-stepper="{name}"]')
    assert not found, report(found)
