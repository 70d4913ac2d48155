import { afterEach, describe, expect, it } from 'vitest';
import { readTypedFields } from './typed-before-hydration';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The pre-rendered form's fields as the server's HTML has them: empty, nothing checked, the placeholder selected. */
function prerenderedForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form id="check-now-form">
      <textarea name="content"></textarea>
      <input type="radio" name="serviceTier" value="fact-checked"><input type="radio" name="serviceTier" value="polished">
      <select name="category"><option value="" disabled selected>Select a category</option><option value="blog-post">Blog post</option></select>
      <input type="radio" name="englishVariant" value="british"><input type="radio" name="englishVariant" value="american">
      <input type="checkbox" name="fastTurnaround">
      <input name="contactEmail" type="email">
      <input type="file" name="upload">
      <input name="notAField" value="x">
    </form>`;
  return document.getElementById('check-now-form') as HTMLFormElement;
}

describe('what was typed before hydration', () => {
  it('is nothing when the visitor touched nothing', () => {
    expect(readTypedFields(prerenderedForm())).toEqual({});
  });

  it('is each field the visitor typed in or chose, with the form types', () => {
    const form = prerenderedForm();
    (form.elements.namedItem('content') as HTMLTextAreaElement).value = 'Typed early.';
    (form.querySelector('input[value="polished"]') as HTMLInputElement).checked = true;
    (form.elements.namedItem('category') as HTMLSelectElement).value = 'blog-post';
    (form.querySelector('input[value="american"]') as HTMLInputElement).checked = true;
    (form.elements.namedItem('fastTurnaround') as HTMLInputElement).checked = true;
    (form.elements.namedItem('contactEmail') as HTMLInputElement).value = 'early@example.com';
    expect(readTypedFields(form)).toEqual({
      content: 'Typed early.',
      serviceTier: 'polished',
      category: 'blog-post',
      englishVariant: 'american',
      fastTurnaround: true,
      contactEmail: 'early@example.com',
    });
  });

  it('keeps only the form’s own fields and known choices (a value planted in the page is dropped)', () => {
    const form = prerenderedForm();
    const planted = form.querySelector('input[value="polished"]') as HTMLInputElement;
    planted.value = 'free-of-charge';
    planted.checked = true;
    expect(readTypedFields(form)).toEqual({});
    expect(readTypedFields(null)).toEqual({});
  });
});
