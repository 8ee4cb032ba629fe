// Plain server-rendered pages for the simulators' hosted screens (consent, onboarding, card form).
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.4rem;margin-top:0}.badge{display:inline-block;background:#fff3cd;color:#5c4400;border-radius:4px;
padding:.1rem .5rem;font-size:.8rem;margin-bottom:1rem}fieldset{border:1px solid #d0d4dc;border-radius:8px;margin:1rem 0;
padding:.75rem 1rem}legend{font-weight:600;padding:0 .25rem}label{display:block;margin:.4rem 0}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem;border:1px solid #9aa1ad;
border-radius:6px}.row{display:flex;gap:1rem}.row>div{flex:1}.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
a.secondary{display:inline-block;padding:.6rem 1.2rem;border:1px solid #9aa1ad;border-radius:6px;color:#1d2330;text-decoration:none}
button.secondary{background:#fff;color:#1d2330;border-color:#9aa1ad}button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;
outline-offset:2px}.error{background:#fde8e8;color:#7a1010;border-radius:6px;padding:.6rem .8rem}.hint{color:#4b5363;font-size:.9rem}
select{font-size:1rem;padding:.5rem;border:1px solid #9aa1ad;border-radius:6px;max-width:100%}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
table{border-collapse:collapse;font-size:.85rem}td,th{padding:.2rem .6rem;text-align:left;border-bottom:1px solid #e5e7eb}`;

export function renderPage(title: string, body: string): string {
  return `<!doctype html><html lang="en-NZ"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>
<p class="badge">Sandbox: no real money or banks are involved</p>
${body}</main></body></html>`;
}

export function hiddenInputs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
}

/** Appends query parameters to a URL the caller gave us (keeping its own). */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) target.searchParams.set(k, v);
  return target.toString();
}
