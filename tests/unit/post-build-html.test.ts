import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {rewriteHtmlFiles} from '../../src/config/postBuildHtml.ts';

function site(pages: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orrery-post-build-html-'));
  for (const page of pages) {
    mkdirSync(path.dirname(path.join(dir, page)), {recursive: true});
    writeFileSync(path.join(dir, page), `<!doctype html><title>${page}</title><p>a</p>`);
  }
  return dir;
}

test('rewrites asked for in the same tick share one pass: each page read and written once, changed in the order asked', async () => {
  const dir = site(['index.html', 'guide/index.html', 'guide/other/index.html']);
  try {
    const seen: string[] = [];
    const first = rewriteHtmlFiles(dir, (html, file) => {
      seen.push(`first ${path.relative(dir, file)}`);
      return html.replace('<p>a</p>', '<p>a</p><p>b</p>');
    });
    const second = rewriteHtmlFiles(dir, (html, file) => {
      seen.push(`second ${path.relative(dir, file)}`);
      // Sees the first rewrite's change to the same page.
      return html.replace('<p>b</p>', '<p>b</p><p>c</p>');
    });
    await Promise.all([first, second]);
    for (const page of ['index.html', 'guide/index.html', 'guide/other/index.html']) {
      assert.match(readFileSync(path.join(dir, page), 'utf8'), /<p>a<\/p><p>b<\/p><p>c<\/p>$/);
    }
    // One pass: the two rewrites alternate page by page instead of the second starting after the first's last page.
    assert.equal(seen.length, 6);
    assert.deepEqual(
      seen.filter((_, i) => i % 2 === 0).map((s) => s.split(' ')[0]),
      ['first', 'first', 'first'],
    );
    assert.deepEqual(
      seen.map((s) => s.split(' ')[1]).filter((_, i) => i % 2 === 0),
      seen.map((s) => s.split(' ')[1]).filter((_, i) => i % 2 === 1),
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a rewrite asked for once a pass has begun runs after it, and a page nobody changes is not written', async () => {
  const dir = site(['index.html', 'b/index.html']);
  try {
    const untouched = path.join(dir, 'b', 'index.html');
    const before = statSync(untouched).mtimeMs;
    const order: string[] = [];
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const first = rewriteHtmlFiles(dir, (html, file) => {
      started();
      order.push(`first ${path.basename(path.dirname(file))}`);
      // Relative: the temporary folder's own name may end in "b".
      return path.relative(dir, file) === path.join('b', 'index.html') ? html : html.replace('<p>a</p>', '<p>x</p>');
    });
    await begun;
    const later = rewriteHtmlFiles(dir, (html, file) => {
      order.push(`later ${path.basename(path.dirname(file))}`);
      return html;
    });
    await Promise.all([first, later]);
    assert.deepEqual(
      order.map((s) => s.split(' ')[0]),
      ['first', 'first', 'later', 'later'],
    );
    assert.match(readFileSync(path.join(dir, 'index.html'), 'utf8'), /<p>x<\/p>/);
    assert.equal(statSync(untouched).mtimeMs, before);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a rewrite that throws fails its pass; the next pass still runs', async () => {
  const dir = site(['index.html']);
  try {
    const failing = rewriteHtmlFiles(dir, () => {
      throw new Error('broken page');
    });
    await assert.rejects(failing, /broken page/);
    await rewriteHtmlFiles(dir, (html) => html.replace('<p>a</p>', '<p>after</p>'));
    assert.match(readFileSync(path.join(dir, 'index.html'), 'utf8'), /<p>after<\/p>/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a rewrite with work to finish first still joins the pass, which waits for that work; if the work fails, so does the pass', async () => {
  const dir = site(['index.html', 'guide/index.html']);
  try {
    const seen: string[] = [];
    let release!: (word: string) => void;
    const work = new Promise<string>((resolve) => (release = resolve));
    let word = '';
    const first = rewriteHtmlFiles(dir, (html, file) => {
      seen.push(`first ${path.relative(dir, file)}`);
      return html;
    });
    const waiting = rewriteHtmlFiles(
      dir,
      (html, file) => {
        seen.push(`waiting ${path.relative(dir, file)}`);
        return html.replace('<p>a</p>', `<p>${word}</p>`);
      },
      {ready: work.then((w) => (word = w))},
    );
    // The pass has not read a page while the work is unfinished.
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(seen.length, 0);
    release('drawn');
    await Promise.all([first, waiting]);
    // One pass: each page given to both rewrites in turn.
    assert.deepEqual(
      seen.map((s) => s.split(' ')[0]),
      ['first', 'waiting', 'first', 'waiting'],
    );
    for (const page of ['index.html', 'guide/index.html']) {
      assert.match(readFileSync(path.join(dir, page), 'utf8'), /<p>drawn<\/p>$/);
    }

    const other = rewriteHtmlFiles(dir, (html) => html.replace('<p>drawn</p>', '<p>changed</p>'));
    const failing = rewriteHtmlFiles(dir, (html) => html, {ready: Promise.reject(new Error('no drawing'))});
    await assert.rejects(other, /no drawing/);
    await assert.rejects(failing, /no drawing/);
    assert.match(readFileSync(path.join(dir, 'index.html'), 'utf8'), /<p>drawn<\/p>$/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('onPage hears of each page in path order once the pass is done with it, changed or not', async () => {
  const dir = site(['index.html', 'b/index.html', 'a/index.html']);
  try {
    const heard: Array<[string, string]> = [];
    await rewriteHtmlFiles(
      dir,
      (html, file) =>
        path.relative(dir, file) === path.join('b', 'index.html') ? html : html.replace('<p>a</p>', '<p>new</p>'),
      {onPage: (page) => heard.push([page, readFileSync(path.join(dir, page), 'utf8')])},
    );
    assert.deepEqual(
      heard.map(([page]) => page),
      ['a/index.html', 'b/index.html', 'index.html'],
    );
    // Each page is on disk as rewritten by the time its name is given.
    assert.match(heard[0]?.[1] ?? '', /<p>new<\/p>$/);
    assert.match(heard[1]?.[1] ?? '', /<p>a<\/p>$/);
    assert.match(heard[2]?.[1] ?? '', /<p>new<\/p>$/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
