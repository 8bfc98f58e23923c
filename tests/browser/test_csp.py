"""The site runs under its Content-Security-Policy with no violation: lessons and Python, the lab live, quizzes, notebooks.

The pages' policy allows no WebAssembly: a page's own script cannot compile any, while Python, in its worker
started in the frame ``runner/python-frame.html`` (whose own policy allows it), runs the lesson's blocks. And the
Zensical trial's browser check finds what a policy refuses of a style a script makes.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from site_examples.generate import zensical_trial
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
    _run(page, 3)  # Python starts (WebAssembly compiled under the frame's 'wasm-unsafe-eval') and runs blocks 1-3
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


# The smallest WebAssembly module (its magic number and version), compiled by the page's own script.
_COMPILE_ON_THE_PAGE = """async () => {
  try {
    await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    return "compiled";
  } catch (error) {
    return `${error.name}: ${error.message}`;
  }
}"""


def test_a_page_cannot_compile_webassembly_while_python_runs(page: Page, site_url: str, traffic) -> None:
    page.goto(site_url + "lessons/scaled-dot-product-attention/")
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    assert "wasm-unsafe-eval" not in policy and "blob:" not in policy.split("script-src")[1].split(";")[0], policy
    assert "data:" not in policy.split("worker-src")[1].split(";")[0], policy
    _run(page, 2)  # Python started, in its frame's worker, and ran blocks 1-2
    assert _block(page, 2).locator("[data-runner-output]").text_content()
    refused = page.evaluate(_COMPILE_ON_THE_PAGE)
    assert refused.startswith(
        "CompileError: WebAssembly.compile(): Compiling or instantiating WebAssembly module "
        "violates the following Content Security policy directive"
    ), refused
    # The worker, started in the frame, compiled its own; the page's session still answers.
    frames = [frame.url for frame in page.frames if frame != page.main_frame]
    assert frames == [site_url + "runner/python-frame.html"], frames
    _run(page, 3)
    traffic.console_errors.clear()  # the browser logs the refusal it was asked to make


def test_the_zensical_trial_sees_a_style_a_script_makes_and_nothing_else(browser: Browser, tmp_path: Path) -> None:
    """The trial's one check that needs a browser (site_examples.generate.zensical_trial.policy_refusals): a style
    made at run time is refused by a policy that allows only the site's own style sheets, and is named with the
    script that made it; a script that makes none leaves nothing refused."""
    policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; style-src-elem 'self'\">"
    (tmp_path / "lessons" / "x").mkdir(parents=True)
    (tmp_path / "lessons" / "x" / "index.html").write_text(
        f'<html><head>{policy}<script src="../../make.js"></script></head><body></body></html>', encoding="utf-8"
    )
    maker = "document.head.append(Object.assign(document.createElement('style'), {textContent: 'p{color:red}'}));"
    (tmp_path / "make.js").write_text(maker, encoding="utf-8")
    assert zensical_trial.policy_refusals(tmp_path, "lessons/x", browser) == ["style-src-elem (make.js)"]
    (tmp_path / "make.js").write_text("document.body.dataset.ready = 'yes';", encoding="utf-8")
    assert zensical_trial.policy_refusals(tmp_path, "lessons/x", browser) == []
