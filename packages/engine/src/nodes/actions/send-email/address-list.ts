const emailPattern = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
/**
 * RFC 5321 caps an address at 254 characters. Longer text is refused before the pattern, which
 * is quadratic on a long dotted text from a webhook (200 000 characters took minutes).
 */
const maxAddressLength = 254;

/** One recipient: `Nome <email@dominio>` or the bare address. */
export interface Recipient {
  name?: string;
  address: string;
}

/**
 * Splits at `,` and `;` outside quotes and angle brackets (RFC 5322 §3.4: a display name may
 * hold a comma when quoted, `"Silva, Ana" <ana@x.com>`).
 */
function entries(text: string): string[] {
  const found: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '\\') {
      current += char + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (char === '"' && !angled) quoted = !quoted;
    else if (char === '<' && !quoted) angled = true;
    else if (char === '>' && !quoted) angled = false;
    else if ((char === ',' || char === ';') && !quoted && !angled) {
      found.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  found.push(current);
  return found.map((entry) => entry.trim()).filter(Boolean);
}

const unquote = (name: string) =>
  /^".*"$/s.test(name) ? name.slice(1, -1).replace(/\\(.)/g, '$1') : name;

/** `Nome <a@b.c>`, `"Silva, Ana" <a@b.c>` or `a@b.c`; null when it is none of them. */
function recipientOf(entry: string): Recipient | null {
  const angled = /^(.*?)\s*<([^<>]*)>$/s.exec(entry);
  const address = (angled ? angled[2]! : entry).trim();
  if (address.length > maxAddressLength || !emailPattern.test(address)) return null;
  const name = angled ? unquote(angled[1]!.trim()).trim() : '';
  return name ? { name, address } : { address };
}

/**
 * `ana@x.com; Bia Souza <bia@y.com>, "Silva, Caio" <caio@z.com>` → the recipients, or a
 * pt-BR error naming the first entry that is not an address.
 */
export function parseRecipients(text: string): Recipient[] {
  const list = entries(text);
  if (!list.length) throw new Error('Informe ao menos um destinatário.');
  return list.map((entry) => {
    const recipient = recipientOf(entry);
    if (recipient) return recipient;
    const shown = entry.length > 80 ? `${entry.slice(0, 80)}…` : entry;
    throw new Error(`Endereço de e-mail inválido: ${shown}`);
  });
}

/** A recipient as a header writes it: the name quoted when it holds a separator or a quote. */
export function formatRecipient({ name, address }: Recipient): string {
  if (!name) return address;
  const shown = /[",;<>@()[\]:\\]/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : name;
  return `${shown} <${address}>`;
}
