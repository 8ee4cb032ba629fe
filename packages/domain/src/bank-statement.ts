// What a New Zealand bank statement (and Akahu's payment API) accepts: a payee name of up to 255 and
// particulars, code and reference of up to 12 of A-Z a-z 0-9 space - _. Macrons and other accents fold
// to their letter ("Kōwhai" → "Kowhai"); anything else is dropped.

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const plain = (text: string) =>
  fold(text)
    .replace(/[^A-Za-z0-9 _-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A statement field (particulars, code, reference): at most 12 allowed characters. */
export function statementText(text: string): string {
  return plain(text).slice(0, 12).trim();
}

/** The payee's account name as a bank payment carries it; never empty. */
export function payeeName(name: string): string {
  return plain(name).slice(0, 255).trim() || 'Payee';
}
