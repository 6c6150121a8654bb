/// <reference lib="dom" />
/// <reference lib="dom.iterable" />

/**
 * A page's layout checked by script, in the page (page.evaluate(layoutProblems, options)): what a
 * person sees at a glance and a screenshot diff misses.
 *
 * - overflow: an element reaches past the viewport's sides, or a container scrolls sideways that is
 *   not one of `scrollers` (containers meant to scroll sideways, listed by the caller);
 * - clipped: text cut by its own box (overflow hidden) without an ellipsis and a title to read it;
 * - squeezed: text wrapped to fewer than 3 characters a line, or a text field under 3 characters wide;
 * - covered: the centre of a control is under another element (document.elementFromPoint);
 * - escapes: something reaches out of the card or dialog that holds it.
 *
 * The page is scrolled through (the document, and an open dialog's scroller) so every control is
 * looked at in view; the scroll positions are put back.
 *
 * A function sent to the page as its source: only the DOM, nothing imported.
 */
export interface LayoutOptions {
  /** selectors of containers meant to scroll sideways: what they hide is not an overflow */
  scrollers: string[];
}

export interface LayoutProblem {
  check: 'overflow' | 'clipped' | 'squeezed' | 'covered' | 'escapes';
  /** the element, named by its test id, role or classes, and its first words */
  element: string;
  detail: string;
}

export function layoutProblems(options: LayoutOptions): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (el: Element) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  const name = (el: Element) => {
    const h = el as HTMLElement;
    const id =
      h.dataset?.testid ??
      el.getAttribute('aria-label') ??
      el.getAttribute('role') ??
      ([...el.classList]
        .filter((c) => !c.startsWith('css-'))
        .slice(0, 2)
        .join('.') ||
        '');
    const text = (h.innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}>${text ? ` "${text}"` : ''}`;
  };
  const report = (check: LayoutProblem['check'], el: Element, detail: string) =>
    problems.push({ check, element: name(el), detail });
  const px = (n: number) => `${Math.round(n)}px`;
  const clips = (v: string) => v !== 'visible';
  const scrolls = (v: string) => v === 'auto' || v === 'scroll';

  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return (
      r.width > 0 &&
      r.height > 0 &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })
    );
  };

  /** the part of the page an element's box can be seen in: its ancestors' clipping, memoised */
  interface Box {
    left: number;
    right: number;
    top: number;
    bottom: number;
  }
  const ALL: Box = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
  const clipMemo = new Map<Element, Box>();
  const clipOf = (el: Element): Box => {
    const memo = clipMemo.get(el);
    if (memo) return memo;
    const parent = el.parentElement;
    let box = ALL;
    // a fixed element (a dialog, a drawer, a popup) is clipped by none of its ancestors
    if (parent && style(el).position !== 'fixed') {
      box = { ...clipOf(parent) };
      const s = style(parent);
      const r = parent.getBoundingClientRect();
      if (clips(s.overflowX)) {
        box.left = Math.max(box.left, r.left + parent.clientLeft);
        box.right = Math.min(box.right, r.left + parent.clientLeft + parent.clientWidth);
      }
      if (clips(s.overflowY)) {
        box.top = Math.max(box.top, r.top + parent.clientTop);
        box.bottom = Math.min(box.bottom, r.top + parent.clientTop + parent.clientHeight);
      }
    }
    clipMemo.set(el, box);
    return box;
  };
  const seen = (el: Element): Box | null => {
    const r = el.getBoundingClientRect();
    const c = clipOf(el);
    const box = {
      left: Math.max(r.left, c.left),
      right: Math.min(r.right, c.right),
      top: Math.max(r.top, c.top),
      bottom: Math.min(r.bottom, c.bottom),
    };
    return box.right - box.left >= 1 && box.bottom - box.top >= 1 ? box : null;
  };
  /** the nearest ancestor that scrolls or clips sideways */
  const sidewaysClipper = (el: Element) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (style(a).position === 'fixed') return null;
      if (clips(style(a).overflowX)) return a;
    }
    return null;
  };

  // an open dialog or drawer: the page behind its mask is out of reach, the dialog is what is checked
  const layers = [...document.querySelectorAll('.ant-modal-wrap, .ant-drawer-content-wrapper')].filter(shown);
  const root = layers.at(-1) ?? document.body;
  const all = [...root.querySelectorAll('*')].filter(
    (el) => !(el instanceof SVGElement && !(el instanceof SVGSVGElement)) && shown(el),
  );

  // overflow: the page itself, then each element (reported once, at the outermost one)
  const page = document.scrollingElement ?? document.documentElement;
  if (root === document.body && page.scrollWidth > vw + 1)
    report('overflow', page, `the page scrolls sideways: ${px(page.scrollWidth)} wide in ${px(vw)}`);
  const meantToScroll = (el: Element) => options.scrollers.some((s) => el.matches(s));
  const overflowing = new Set<Element>();
  for (const el of all) {
    // a container that scrolls sideways, not meant to: what it hides (a table's status, its
    // actions) is out of sight even where the container fits the viewport
    const s = style(el);
    const field = el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement;
    if (!field && scrolls(s.overflowX) && el.scrollWidth > el.clientWidth + 1 && !meantToScroll(el))
      report('overflow', el, `scrolls sideways: ${px(el.scrollWidth)} of content in ${px(el.clientWidth)}`);
    const r = el.getBoundingClientRect();
    if (r.left >= -1 && r.right <= vw + 1) continue;
    if (el.parentElement && overflowing.has(el.parentElement)) {
      overflowing.add(el);
      continue;
    }
    // in a scroller (reported above, or meant to scroll) or cut by a box: not past the viewport
    if (sidewaysClipper(el)) continue;
    overflowing.add(el);
    report('overflow', el, `${px(r.left)}–${px(r.right)} in a viewport of ${px(vw)}`);
  }

  // clipped and squeezed text
  const ownText = (el: Element) =>
    [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
  for (const el of all) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      const kind = el instanceof HTMLTextAreaElement ? 'textarea' : el.type;
      const fontSize = parseFloat(style(el).fontSize);
      if (['text', 'textarea', 'search', 'email', 'password'].includes(kind) && el.clientWidth < 3 * fontSize)
        report('squeezed', el, `a text field ${px(el.clientWidth)} wide (font ${px(fontSize)})`);
      continue;
    }
    if (!el.textContent?.trim()) continue;
    const s = style(el);
    // text for screen readers only, drawn in a 1 px box on purpose
    if (el.clientWidth <= 1 || el.clientHeight <= 1 || s.clipPath !== 'none' || s.clip.startsWith('rect'))
      continue;
    const cutX = clips(s.overflowX) && !scrolls(s.overflowX) && el.scrollWidth > el.clientWidth + 1;
    const cutY = clips(s.overflowY) && !scrolls(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if (cutX || cutY) {
      const ellipsis = s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none';
      const title =
        el.closest('[title]')?.getAttribute('title') || el.querySelector('[title]')?.getAttribute('title');
      if (!ellipsis || !title)
        report(
          'clipped',
          el,
          `${cutX ? `${px(el.scrollWidth)} of text in ${px(el.clientWidth)}` : `${px(el.scrollHeight)} of text in ${px(el.clientHeight)} high`}${ellipsis ? ', an ellipsis without a title' : ', no ellipsis'}`,
        );
    }
    if (!ownText(el)) continue;
    for (const node of el.childNodes) {
      const text = node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '').trim() : '';
      if ([...text].length < 4) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      if (lines >= 3 && [...text].length / lines < 3)
        report(
          'squeezed',
          el,
          `${[...text].length} characters on ${lines} lines (${px(el.getBoundingClientRect().width)} wide)`,
        );
    }
  }

  // escapes: nothing reaches out of its card or dialog
  const HOLDERS = '.ant-card, .ant-ribbon-wrapper, .ant-modal-content, .ant-drawer-content';
  for (const el of all) {
    const holder = el.parentElement?.closest(HOLDERS);
    if (!holder) continue;
    const box = seen(el);
    if (!box) continue;
    const h = holder.getBoundingClientRect();
    if (box.left < h.left - 1 || box.right > h.right + 1 || box.top < h.top - 1 || box.bottom > h.bottom + 1)
      report(
        'escapes',
        el,
        `${px(box.left)}–${px(box.right)} × ${px(box.top)}–${px(box.bottom)} outside ${name(holder)} (${px(h.left)}–${px(h.right)} × ${px(h.top)}–${px(h.bottom)})`,
      );
  }

  // covered controls, looked at in view: the document scrolled through, and an open dialog's scroller
  const CONTROLS =
    'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=switch], [role=checkbox], [role=tab], [role=combobox], [role=menuitem], [tabindex]:not([tabindex="-1"])';
  // composite controls: a click anywhere on them reaches the same control
  const COMPOSITES =
    '.ant-select, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-switch, label, .ant-upload';
  const controls = all.filter((el) => el.matches(CONTROLS));
  const checked = new Set<Element>();
  const look = () => {
    clipMemo.clear();
    for (const el of controls) {
      if (checked.has(el)) continue;
      const box = seen(el);
      if (!box) continue;
      const x = (box.left + box.right) / 2;
      const y = (box.top + box.bottom) / 2;
      if (x < 0 || x >= vw || y < 0 || y >= vh) continue;
      checked.add(el);
      const hit = document.elementFromPoint(x, y);
      if (!hit || el === hit || el.contains(hit)) continue;
      const same = hit.closest(COMPOSITES);
      if (same && (same.contains(el) || (same instanceof HTMLLabelElement && same.control === el))) continue;
      report('covered', el, `its centre (${px(x)}, ${px(y)}) is under ${name(hit)}`);
    }
  };
  const dialogs = [...document.querySelectorAll('.ant-modal-wrap, .ant-drawer-body')].filter(
    (d) => shown(d) && d.scrollHeight > d.clientHeight + 1,
  );
  const scrollers = dialogs.length ? dialogs : [page];
  for (const scroller of scrollers) {
    const start = scroller.scrollTop;
    const height = scroller === page ? vh : scroller.clientHeight;
    for (let top = 0; ; top += Math.max(100, height - 100)) {
      scroller.scrollTop = top;
      look();
      if (top >= scroller.scrollHeight - height) break;
    }
    scroller.scrollTop = start;
  }
  return problems;
}
