// Minimal XML well-formedness check for tests (balanced tags, quoted attributes, valid entities).
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/i;
const TAG = /^<(\/?)([A-Z_][\w:.-]*)((?:\s+[A-Z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/i;

function checkAmpersands(text: string, where: string): void {
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    if (!ENTITY.test(text.slice(i))) throw new Error(`unescaped & in ${where} at ${i}`);
  }
}

/** Throws with a reason when `xml` is not a single well-formed element tree. */
export function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  let i = 0;
  let roots = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt === -1 ? xml.slice(i) : xml.slice(i, lt);
    if (text.includes('>')) throw new Error(`stray > near ${i}`);
    checkAmpersands(text, 'text');
    if (text.trim() && stack.length === 0) throw new Error('text outside root element');
    if (lt === -1) break;
    const m = TAG.exec(xml.slice(lt));
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrs, selfClosing] = m as unknown as [string, string, string, string, string];
    checkAmpersands(attrs, `attributes of <${name}>`);
    const attrNames = [...attrs.matchAll(/([A-Z_][\w:.-]*)\s*=/gi)].map((a) => a[1]);
    if (new Set(attrNames).size !== attrNames.length) throw new Error(`duplicate attribute in <${name}>`);
    if (closing) {
      if (attrs.trim() || selfClosing) throw new Error(`bad closing tag </${name}>`);
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open ?? 'nothing'}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name);
    }
    i = lt + whole.length;
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
}
