"""The site runs under its Content-Security-Policy with no violation: lessons and Python, the lab live, quizzes, notebooks."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from site_examples.material_adapter import CONTENT
from tests.browser.test_runner import _block, _run

WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def test_nothing_the_site_does_violates_its_policy(page: Page, site_url: str) -> None:
    page.add_init_script(WATCH)
    for path in ("", "check-your-understanding/", "examples/why-scale/", "glossary/"):
        page.goto(site_url + path)
        expect(page.locator(CONTENT)).to_be_visible()
        assert page.evaluate("window.__violations") == [], path
    page.goto(site_url + "lessons/scaled-dot-product-attention/")
    _run(page, 3)  # Python starts (WebAssembly compiled under 'wasm-unsafe-eval') and runs blocks 1-3
    assert page.evaluate("window.__violations") == []
    page.goto(site_url + "lab/")
    box = page.locator("[data-control=sentence]")
    box.fill("Birds sing at dawn")  # a sentence of its own: computed live in Pyodide
    box.press("Enter")
    expect(page.locator("[data-viz]")).to_have_attribute("data-sentence", "Birds sing at dawn")
    expect(page.locator("[data-viz]")).to_have_attribute("data-status", "ready")
    assert page.evaluate("window.__violations") == []


def test_the_policy_is_enforced(page: Page, site_url: str, traffic) -> None:
    """An injected inline script is refused, and so is a connection to another host (the policy is not decoration)."""
    page.add_init_script(WATCH)
    page.goto(site_url)
    page.evaluate(
        """() => {
          const script = document.createElement('script');
          script.textContent = 'window.__injected = true';
          document.head.append(script);
        }"""
    )
    assert page.evaluate("window.__injected === undefined")
    page.wait_for_function("window.__violations.length > 0")
    violations = page.evaluate("window.__violations")
    assert any(v.startswith("script-src") and v.endswith("inline") for v in violations), violations
    traffic.console_errors.clear()  # the browser logs the refusal it was asked to make
