/**
 * The design-review report: one self-contained HTML page (inline CSS and script, nothing fetched) with what ran, the
 * verdict and why, an interactive timeline with the narration of its visible window, the wait CDFs, and the arms of
 * a comparison side by side.
 */
package gilsim.report.html;
