/**
 * Pictures with XChart: hand-off timelines, CDFs of GIL waits, side-by-side comparisons and search heat maps,
 * written as PNG or SVG.
 */
package gilsim.report.chart;
