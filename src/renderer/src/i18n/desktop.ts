// Strings of diagrams and live previews in answers. Same keys in both locales.
const en = {
  'diagram.label': 'Diagram',
  'diagram.rendering': 'Drawing the diagram…',
  'diagram.error': 'This diagram could not be drawn. Its source is shown below.',
  'diagram.showSource': 'Source',
  'diagram.showDiagram': 'Diagram',
  'diagram.saveSvg': 'Save SVG',
  'diagram.savePng': 'Save PNG',
  'preview.open': 'Preview',
  'preview.openHint': 'Run this code in a sealed preview beside the chat',
  'preview.title.html': 'Preview · HTML',
  'preview.title.svg': 'Preview · SVG',
  'preview.close': 'Close preview',
  'preview.reload': 'Run again',
  'preview.sealed': 'No network, no access to the app',
  'preview.frameTitle': 'Preview of the code from the answer',
} as const;

export const desktopStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'diagram.label': '图表',
    'diagram.rendering': '正在绘制图表…',
    'diagram.error': '无法绘制此图表，下方显示其源代码。',
    'diagram.showSource': '源代码',
    'diagram.showDiagram': '图表',
    'diagram.saveSvg': '保存 SVG',
    'diagram.savePng': '保存 PNG',
    'preview.open': '预览',
    'preview.openHint': '在对话旁的隔离预览中运行这段代码',
    'preview.title.html': '预览 · HTML',
    'preview.title.svg': '预览 · SVG',
    'preview.close': '关闭预览',
    'preview.reload': '重新运行',
    'preview.sealed': '无网络，无法访问应用',
    'preview.frameTitle': '回答中代码的预览',
  },
};
