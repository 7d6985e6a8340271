// What forum software prints around each post of a thread and is never what was said: the
// poster's card (avatar, title, badges, join date and counts), signatures, vote and like
// counters, tag strips, the controls drawn as buttons, and the lists of other threads beside the
// thread. Removed from a thread's region by the class or id words (or role) that name them.
import { nameOf } from './html-dom.ts';
import { stripThreadControls } from './thread-controls.ts';

// Class or id words naming per-post chrome on forum software of every make, and the calls to sign
// up that a thread shows its guests.
const POST_CHROME =
  /(^|[\s_-])(signatures?|sig|avatars?|usertitle|user-title|userextras|user-extras|userbanner|user-banner|userinfo|user-info|userstats|user-stats|member-?stats|reputation|badges?|flair|likes|reaction-?bar|votecell|vote-?count|taglist|tag-list|post-?tags|expand-?link|guest[\s_-]?(?:cta|teaser)|(?:alert-)?dismissible)([\s_-]|$)/i;

// Class or id words naming what a thread page lists beside the thread: other threads, share buttons.
// Removed at any length, unless most of the page is under them (a forum's index of threads).
const BESIDE_THREAD =
  /(^|[\s_-])(similar(?:-?(?:contents|threads|topics|posts))?|suggested(?:-?topics)?|topics?-?list|threads?-?list|share-?buttons)([\s_-]|$)/i;
const MAX_BESIDE_SHARE = 0.5;

// Links drawn as buttons ("Reply", "Log in to reply", "Add a comment") are the forum's controls.
const CONTROL_LINK = /(^|[\s_-])(button|btn)([\s_-]|$)/i;
const CONTROL_LINKS = 'a[class], a[role="button"]';

// A block this long under such a name is a post itself (some software names the post by its author's card).
const MAX_CHROME_CHARS = 1500;

/** An element's class and id, and again with camelCase words apart (`ipsButton` → `ips Button`). */
function nameWords(el: Element): string {
  const name = nameOf(el);
  return `${name} ${name.replace(/([a-z0-9])([A-Z])/g, '$1 $2')}`;
}

// Comments on a question or an answer, as schema.org marks them: remarks under a post, not replies
// in the thread (forums that mark their replies as comments hang them from the thread's posting).
const POST_REMARK = '[itemprop="comment"]';
const QA_ITEM = /schema\.org\/(Question|Answer)$/;

function isRemarkOnPost(el: Element): boolean {
  const owner = el.parentElement?.closest('[itemscope]');
  return owner != null && QA_ITEM.test(owner.getAttribute('itemtype') ?? '');
}

/** Removes per-post chrome under a thread's `root`, in place. */
export function stripPostChrome(root: Element): void {
  for (const el of Array.from(root.querySelectorAll(POST_REMARK))) if (isRemarkOnPost(el)) el.remove();
  const whole = (root.textContent ?? '').length;
  for (const el of Array.from(root.querySelectorAll(CONTROL_LINKS))) {
    if (el.getAttribute('role') === 'button' || CONTROL_LINK.test(nameWords(el))) el.remove();
  }
  for (const el of Array.from(root.querySelectorAll('[class], [id]'))) {
    // Not `isConnected`: Readability's reading of a thread is a tree of its own, outside the page.
    if (el.closest('pre, code') !== null) continue;
    const name = nameWords(el);
    const limit = POST_CHROME.test(name)
      ? MAX_CHROME_CHARS
      : BESIDE_THREAD.test(name)
        ? whole * MAX_BESIDE_SHARE
        : -1;
    if (limit >= 0 && (el.textContent ?? '').length <= limit) el.remove();
  }
  stripThreadControls(root);
}
