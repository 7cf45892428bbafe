import { describe, expect, it } from 'vitest';
import { parseWhatsappText, plainWhatsappText } from './whatsapp-text.ts';

describe('parseWhatsappText', () => {
  it('formats bold, italic, strikethrough and monospace', () => {
    expect(parseWhatsappText('Hi *there* _you_ ~old~ ```code *x*```')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'bold', children: [{ kind: 'text', text: 'there' }] },
      { kind: 'text', text: ' ' },
      { kind: 'italic', children: [{ kind: 'text', text: 'you' }] },
      { kind: 'text', text: ' ' },
      { kind: 'strike', children: [{ kind: 'text', text: 'old' }] },
      { kind: 'text', text: ' ' },
      { kind: 'mono', children: [{ kind: 'text', text: 'code *x*' }] },
    ]);
  });

  it('nests markers', () => {
    expect(parseWhatsappText('*bold _both_*')).toEqual([
      { kind: 'bold', children: [{ kind: 'text', text: 'bold ' }, { kind: 'italic', children: [{ kind: 'text', text: 'both' }] }] },
    ]);
  });

  it('leaves markers inside words, around spaces, across lines or unclosed as typed', () => {
    for (const t of ['snake_case_name', 'a * b * c', '*open\nclose*', '*unclosed', '2*3*4', '**']) expect(plainWhatsappText(parseWhatsappText(t))).toBe(t);
    expect(parseWhatsappText('snake_case_name')).toEqual([{ kind: 'text', text: 'snake_case_name' }]);
  });

  it('replaces variables with their samples, also inside formatting, and keeps those without a sample as written', () => {
    const nodes = parseWhatsappText('Hi *{{1}}*, code {{2}} for {{name}}', [
      { name: '1', value: 'Budi' },
      { name: '2', value: '' },
    ]);
    expect(nodes).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'bold', children: [{ kind: 'variable', name: '1', raw: '{{1}}', sample: 'Budi' }] },
      { kind: 'text', text: ', code ' },
      { kind: 'variable', name: '2', raw: '{{2}}', sample: null },
      { kind: 'text', text: ' for ' },
      { kind: 'variable', name: 'name', raw: '{{name}}', sample: null },
    ]);
    expect(plainWhatsappText(parseWhatsappText('Dear {{first_name}}', { first_name: 'Sari' }))).toBe('Dear Sari');
  });

  it('does not treat a malformed variable as one', () => {
    expect(parseWhatsappText('Hi {{ 1 }}')).toEqual([{ kind: 'text', text: 'Hi {{ 1 }}' }]);
  });
});
