// Words the web tools say, per locale: each fetch refusal (sent to the model as the tool's error and shown in its
// block) and each search failure.
import type { Locale } from '../../../shared/settings.js';
import type { FetchErrorCode } from './net-guard.js';

export interface WebStrings {
  fetchError(code: FetchErrorCode, detail: string): string;
  notText(contentType: string): string;
  /** A PDF the document reader refused: its name and the reason's words. */
  documentRefused(name: string, reason: string): string;
  searchNotSetUp: string;
  searchNeedsKey(engine: string): string;
  searchFailed(engine: string, detail: string): string;
  noResults(query: string): string;
  badArguments: string;
}

export const WEB_STRINGS: Record<Locale, WebStrings> = {
  en: {
    fetchError: (code, detail) =>
      ({
        scheme: `Only http and https pages can be read (this link is ${detail}).`,
        'bad-url': `This is not a valid web address: ${detail}`,
        'blocked-address': `Refused: the page is on a local, private or link-local address (${detail}). Allow this host in Settings → Built-in tools to read it.`,
        'too-large': `Refused: the page is larger than ${Math.round(Number(detail) / 1048576)} MB.`,
        timeout: `The page did not finish loading in time (${detail}).`,
        'too-many-redirects': `Refused: the page redirected more than ${detail} times.`,
        'http-status': `The site answered with HTTP ${detail}.`,
        network: `The page could not be reached: ${detail}`,
        aborted: 'Stopped.',
      })[code],
    notText: (type) => `This page is not text (${type || 'unknown type'}); it was not read.`,
    documentRefused: (name, reason) => `${name}: ${reason}.`,
    searchNotSetUp: 'Web search is not set up: choose an engine in Settings → Built-in tools.',
    searchNeedsKey: (engine) => `Web search with ${engine} needs an API key (Settings → Built-in tools).`,
    searchFailed: (engine, detail) => `The search with ${engine} failed: ${detail}`,
    noResults: (query) => `No results for “${query}”.`,
    badArguments: 'The tool was called without the arguments it needs.',
  },
  'zh-CN': {
    fetchError: (code, detail) =>
      ({
        scheme: `只能读取 http 和 https 网页（此链接为 ${detail}）。`,
        'bad-url': `这不是有效的网址：${detail}`,
        'blocked-address': `已拒绝：该网页位于本机、私有或链路本地地址（${detail}）。如需读取，请在“设置 → 内置工具”中允许此主机。`,
        'too-large': `已拒绝：网页大于 ${Math.round(Number(detail) / 1048576)} MB。`,
        timeout: `网页未能在限定时间内加载完成（${detail}）。`,
        'too-many-redirects': `已拒绝：网页重定向超过 ${detail} 次。`,
        'http-status': `网站返回 HTTP ${detail}。`,
        network: `无法访问该网页：${detail}`,
        aborted: '已停止。',
      })[code],
    notText: (type) => `此网页不是文本（${type || '未知类型'}），未读取。`,
    documentRefused: (name, reason) => `${name}：${reason}。`,
    searchNotSetUp: '尚未设置网页搜索：请在“设置 → 内置工具”中选择搜索引擎。',
    searchNeedsKey: (engine) => `使用 ${engine} 搜索需要 API 密钥（设置 → 内置工具）。`,
    searchFailed: (engine, detail) => `使用 ${engine} 搜索失败：${detail}`,
    noResults: (query) => `没有找到“${query}”的结果。`,
    badArguments: '调用该工具时缺少必需的参数。',
  },
};
