// What forum software prints around each post of a thread and is never what was said: the
// poster's card (avatar, title, badges, join date and counts), signatures, vote and like
// counters, tag strips. Removed from a thread's region by the class or id words that name them.

// Class or id words naming per-post chrome on forum software of every make.
const POST_CHROME =
  /(^|[\s_-])(signatures?|sig|avatars?|usertitle|user-title|userextras|user-extras|userbanner|user-banner|userinfo|user-info|userstats|user-stats|member-?stats|reputation|badges?|flair|likes|reaction-?bar|votecell|vote-?count|taglist|tag-list|post-?tags|similar(?:-?(?:contents|threads|topics|posts))?|share-?buttons|expand-?link)([\s_-]|$)/i;

// A block this long under such a name is a post itself (some software names the post by its author's card).
const MAX_CHROME_CHARS = 1500;

function nameOf(el: Element): string {
  return `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
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
  for (const el of Array.from(root.querySelectorAll('[class], [id]'))) {
    if (!el.isConnected || el.closest('pre, code') !== null) continue;
    if (!POST_CHROME.test(nameOf(el))) continue;
    if ((el.textContent ?? '').length > MAX_CHROME_CHARS) continue;
    el.remove();
  }
}
