// Strings for what providers send beyond plain text: a refusal mark, and the words for provider failures that
// waiting will not fix. Same keys in both locales.
const en = {
  'chat.refusal': 'Declined',
  'chat.refusalHint': 'The model declined to answer this request; its explanation is shown as the answer.',
  'error.code.forbidden': 'The model service refused this request: the key may not use this model or feature.',
  'error.code.out_of_quota': 'The account is out of quota or balance. Waiting will not help: top up or use another key.',
};

export const providerStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'chat.refusal': '已拒绝',
    'chat.refusalHint': '模型拒绝回答这个请求，显示的是它给出的说明。',
    'error.code.forbidden': '模型服务拒绝了这个请求：该密钥无权使用此模型或功能。',
    'error.code.out_of_quota': '账户额度或余额已用完，等待无济于事，请充值或更换密钥。',
  },
};
