import { configure } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { clearRemotes } from '../../src/renderer/lib/remote';
import { resetPaints } from './paint';

// findBy/waitFor wait for what a test expects to appear; their bound only says when to give up. The
// default (1 s) is shorter than a lazy screen's first import on a machine where another process
// holds a core, so it would fail a correct test: the bound is 10 s, the test's own 20 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom cannot save a file: a click on <a download> makes it try to navigate, and it prints "Not
// implemented: navigation to another Document". A download link does nothing here instead (the
// tests that check a download spy on the click).
const click = HTMLAnchorElement.prototype.click;
HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
  if (!this.hasAttribute('download')) click.call(this);
};

// jsdom has no canvas: asked for a context, it prints "Not implemented: HTMLCanvasElement's
// getContext()" (axe asks while it checks the Overview). A browser without canvas answers null.
HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];

beforeEach(() => {
  // Remote slots are module singletons: every test starts with none used and no data.
  clearRemotes();
  // Paints come in the task after they are asked for, unless the test holds them (paint.ts).
  resetPaints();
});
