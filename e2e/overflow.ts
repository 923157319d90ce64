import type { Page } from '@playwright/test';

/**
 * How wide the page is against its viewport, and the elements that escape it on either
 * side outside any container that scrolls sideways (a code block may; the page may not).
 * The innermost offenders are named: their ancestors only grew around them.
 */
export const overflowing = (page: Page) =>
  page.evaluate(() => {
    // A box with content-visibility: auto (a thread's replies) lays out its content only
    // near the screen: measured as it is, an overflow below the fold would go unseen.
    // (Through the CSSOM, which the CSP allows; a <style> would be refused.)
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const found: Element[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      if (getComputedStyle(element).visibility === 'hidden' || element.closest('[aria-hidden="true"], .sr-only')) continue;
      if (!scrollsSideways(element)) found.push(element);
    }
    const offenders = found
      .filter((element) => !found.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => {
        const classes = typeof element.className === 'string' ? element.className.slice(0, 80) : '';
        const box = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()}.${classes} "${(element.textContent ?? '').trim().slice(0, 40)}" left=${Math.round(box.left)} right=${Math.round(box.right)}`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, clientWidth: width, offenders };
  });
