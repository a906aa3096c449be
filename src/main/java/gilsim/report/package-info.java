/**
 * What people read: the human and JSON summaries, the explanation of a verdict, narration and Mermaid diagrams,
 * Chrome traces and charts.
 */
package gilsim.report;
