// Mermaid diagrams in answers: drawn from finished `mermaid` code blocks, sanitized, saved as SVG or PNG.
export { enhanceDiagrams } from './enhance';
export { createMermaidEngine, mermaidEngine, type DiagramEngine, type DiagramResult, type DiagramTheme } from './engine';
export { createSvgSanitizer, sanitizeDiagramSvg } from './sanitize-svg';
export { savePng, saveSvg, svgDocument } from './save';
