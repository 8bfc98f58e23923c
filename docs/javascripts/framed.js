// A confirmation for the buttons that remove or reload something (Remove the
// offline copy, Restart Python, Reload in the new-version banner), asked only
// when the page is shown inside another page. Until the host sends
// `frame-ancestors 'none'` (docs/maintaining.md, "What a host must add"),
// another site could frame the course under a decoy and lead a reader to click
// them; the course itself never frames its pages. Unframed, nothing is asked.

/** Whether this page is shown inside another page (a frame); when that cannot be told, it is taken to be. */
export function framed() {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/** True when the page is not framed, else whether the reader confirms `question` (one sentence, a question). */
export function confirmedIfFramed(question) {
  if (!framed()) return true;
  return window.confirm(
    `This course page is shown inside another website's page, which may have led you to this button. ${question}`,
  );
}
