// Stripe's request bodies are form-encoded with bracketed keys (line_items[0][price_data][currency]=myr):
// read into nested objects and arrays, as Stripe reads them (pure).
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function nestedForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.split(/\[|\]\[|\]/).filter((part, index) => part !== '' || index === 0);
    let node: Record<string, FormValue> | FormValue[] = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(keys[index + 1]!);
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, FormValue>;
    });
  }
  return root;
}
