import { describe, expect, it } from 'vitest';
import { sanitizeNotes } from './sanitize-notes';

describe('sanitizeNotes', () => {
  it('removes scripts, event handlers and javascript: links, keeps the formatting', () => {
    const clean = sanitizeNotes(
      '<h2>Título</h2><p><strong>a</strong> <a href="javascript:alert(1)">x</a>' +
        '<a href="https://ponte.dev" target="_blank" rel="noopener">y</a></p>' +
        '<img src=x onerror=alert(1)><script>alert(2)</script>',
    );
    expect(clean).not.toMatch(/onerror|<script|javascript:|alert/);
    expect(clean).toContain('<h2>Título</h2>');
    expect(clean).toContain('<strong>a</strong>');
    expect(clean).toContain('<a href="https://ponte.dev" target="_blank" rel="noopener">y</a>');
  });
});
