// Knowledge bases in the window: Settings' section, the sidebar's entry, a chat's choice, citation marks and their panel.
export { KnowledgeSettings } from './KnowledgeSettings';
export { KnowledgeSidebarEntry } from './KnowledgeSidebarEntry';
export { ChatKnowledgePicker } from './ChatKnowledgePicker';
export { CitationPanel } from './CitationPanel';
export { citationAt, citationsByNumber, markCitations, splitMarks, type CitationLabel } from './citationMarks';
export { closeCitation, openCitation, useCitation } from './citationStore';
export { revealKnowledgeSettings, startKnowledge, useKnowledge, knowledgeEvent } from './knowledgeStore';
