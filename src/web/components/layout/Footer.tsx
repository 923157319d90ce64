import { AtSign, MessageCircle, Rss } from 'lucide-react';
import { Link, useLocation } from '../../app/router';
import { feedForPath } from '../../../shared/feeds.js';

const legalLinks = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/guidelines', label: 'Guidelines' },
  { to: '/moderation-log', label: 'Moderation log' },
] as const;

// Placeholders until the project has its accounts (SPEC.md section 2).
const socialLinks = [
  { label: 'Mastodon', icon: AtSign },
  { label: 'Community chat', icon: MessageCircle },
] as const;

const iconLinkClasses = 'flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground';

export function Footer() {
  // The feed of the page being read: a board's on a board, a user's on their profile.
  const feed = feedForPath(useLocation().pathname);
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="grid gap-1">
          <p className="font-semibold tracking-tight">Hushboard</p>
          <p className="text-sm text-muted-foreground">Private discussions, public impact</p>
          <ul className="mt-2 flex gap-2" aria-label="Social">
            {socialLinks.map(({ label, icon: Icon }) => (
              <li key={label}>
                <a href="#" aria-label={label} className={iconLinkClasses}>
                  <Icon className="size-4" aria-hidden="true" />
                </a>
              </li>
            ))}
            <li>
              {/* A plain link: the feed is a file for feed readers, not a page of the app. */}
              <a href={feed.href} type="application/atom+xml" aria-label={`Atom feed: ${feed.title}`} title={`Atom feed: ${feed.title}`} className={iconLinkClasses}>
                <Rss className="size-4" aria-hidden="true" />
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {legalLinks.map(({ to, label }) => (
            <Link key={to} to={to} className="text-muted-foreground transition-colors hover:text-foreground">
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-8 text-xs text-muted-foreground sm:px-6">
        © {new Date().getFullYear()} Hushboard. Pseudonymous by default.
      </div>
    </footer>
  );
}
