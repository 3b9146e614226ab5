// Writing to the clipboard, reporting failure instead of throwing (a denied permission is not an app error).

/** True when `text` reached the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
