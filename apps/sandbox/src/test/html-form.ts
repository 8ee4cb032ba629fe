// Reads a server-rendered form the way a browser would submit it: action, hidden fields, and the
// checked boxes and radios.
export interface ParsedForm {
  action: string;
  method: string;
  fields: [string, string][];
}

const attr = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`${name}="([^"]*)"`).exec(tag);
  return match
    ? match[1]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
    : undefined;
};

/** The `index`-th form on the page. */
export function parseForm(html: string, index = 0): ParsedForm {
  const forms = [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)];
  const form = forms[index];
  if (!form) throw new Error(`no form #${index} on the page`);
  const fields: [string, string][] = [];
  for (const [tag] of form[2]!.matchAll(/<input[^>]*>/g)) {
    const name = attr(tag, 'name');
    const type = attr(tag, 'type') ?? 'text';
    if (!name) continue;
    if ((type === 'checkbox' || type === 'radio') && !/\schecked/.test(tag)) continue;
    fields.push([name, attr(tag, 'value') ?? '']);
  }
  return { action: attr(form[1]!, 'action') ?? '', method: attr(form[1]!, 'method') ?? 'get', fields };
}

export async function submit(
  baseUrl: string,
  form: ParsedForm,
  extra: [string, string][] = [],
): Promise<Response> {
  const body = new URLSearchParams([...form.fields, ...extra]);
  const url = new URL(form.action, baseUrl);
  if (form.method.toLowerCase() === 'get') {
    url.search = body.toString();
    return fetch(url, { redirect: 'manual' });
  }
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
}
