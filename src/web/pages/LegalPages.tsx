import type { ReactNode } from 'react';
import { Link } from '../app/router';

const LAST_UPDATED = 'October 18, 2025';

interface Section {
  title: string;
  body: ReactNode;
}

function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: Section[] }) {
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-6 leading-relaxed">
      <title>{`${title} · Hushboard`}</title>
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated {LAST_UPDATED}</p>
        <p>{intro}</p>
      </header>
      <ol className="grid gap-6">
        {sections.map((section, index) => (
          <li key={section.title}>
            <section aria-labelledby={`legal-${index}`} className="grid gap-2">
              <h2 id={`legal-${index}`} className="text-xl font-semibold">
                {index + 1}. {section.title}
              </h2>
              <div className="grid gap-2 text-foreground/90">{section.body}</div>
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}

const termsSections: Section[] = [
  {
    title: 'Acceptance of these terms',
    body: <p>By creating an account on Hushboard or by using the site as a visitor, you agree to these Terms of Service, our <Link className="text-primary underline" to="/privacy">Privacy Policy</Link> and our <Link className="text-primary underline" to="/guidelines">Community Guidelines</Link>. If you do not agree, do not use the service.</p>,
  },
  {
    title: 'Eligibility',
    body: <p>You must be at least 13 years old to use Hushboard. If the law where you live sets a higher age for consenting to online services, you must meet that age instead.</p>,
  },
  {
    title: 'Your account',
    body: <p>Usernames are pseudonymous by default: you do not need to give your real name. An e-mail address is optional and only used for account recovery. You are responsible for keeping your password secret and for everything done with your account.</p>,
  },
  {
    title: 'Your content and the licence you grant',
    body: <p>You keep ownership of the content you post. By posting, you grant Hushboard a non-exclusive, worldwide, royalty-free licence to host, store, display and distribute that content in order to run the service. The licence ends when the content is deleted, except for copies kept in backups as described in the Privacy Policy.</p>,
  },
  {
    title: 'Acceptable use',
    body: <p>You may not post illegal content, harass other people, share someone else&apos;s private information, spam, impersonate others or try to break or overload the service. The Community Guidelines describe what is expected on the boards.</p>,
  },
  {
    title: 'Moderation and enforcement',
    body: <p>Moderation combines community voting, user reports, board moderators and an admin team that also handles appeals. We may remove content, mute or suspend accounts temporarily, ban accounts permanently, ban IP addresses and, where the law requires it, report content to the authorities.</p>,
  },
  {
    title: 'Cryptocurrency tips and payments',
    body: <p>Tips and payments are made directly on public blockchains from your own wallet. Cryptocurrency transactions are irreversible: we cannot cancel, reverse or refund a transaction once it is sent. Check the amount and the address before you confirm.</p>,
  },
  {
    title: 'Premium content and memberships',
    body: <p>Premium members may publish paid threads, and buyers get access to the premium part of a thread. A premium membership subscription can be cancelled at any time; it stays active until the end of the period already paid for.</p>,
  },
  {
    title: 'Refunds',
    body: <p>Because payments happen on-chain, refunds are not automatic. Refund requests for premium access or memberships are decided case by case by the admin team.</p>,
  },
  {
    title: 'Disclaimers',
    body: <p>Hushboard is provided &quot;as is&quot;, without warranties of any kind. Content is written by users and does not reflect our views; we do not guarantee its accuracy.</p>,
  },
  {
    title: 'Limitation of liability',
    body: <p>To the extent the law allows, Hushboard is not liable for indirect or consequential damages, lost profits or lost data arising from your use of the service, nor for losses from cryptocurrency price changes or wallet errors.</p>,
  },
  {
    title: 'Changes to these terms',
    body: <p>We may update these terms. When we do, we change the date at the top of this page; material changes are announced on the site. Continuing to use Hushboard after a change means you accept the new terms.</p>,
  },
];

/**
 * What anonymous posting means since sealed authorship (CONTRACT.md section 13, issue 27),
 * in plain words: who can tell, what admins still see, what it does not cover, and what
 * accounts from before must do. Kept inside one section: the policy has 13 (SPEC.md section 9).
 */
function AnonymityBody() {
  return (
    <>
      <p>Usernames are pseudonymous by default. An e-mail address is optional and is only used for account recovery.</p>
      <h3 className="mt-2 font-semibold">What anonymous posting means</h3>
      <p>
        When you post anonymously, nobody can tell that you wrote it: not other users, not the board&apos;s admins, and not someone who steals our
        database, even together with the server&apos;s secret key and its logs. An anonymous thread or reply is stored with no link to your account. Only a key that your own password unlocks can recognise it, so
        only you, signed in, see that it is yours: it is marked &ldquo;You&rdquo;, you can delete it, and your profile and activity list it for you
        alone. Your votes are kept the same way: they are counted and you see your own, but the database does not say who cast them.
      </p>
      <h3 className="mt-2 font-semibold">What admins can still see</h3>
      <p>
        The text and images of every post, which they can remove, and for 90 days a keyed hash of the IP address it was sent from, which lets them
        ban that address. Posts sent from one address within those 90 days share that hash, so they can tell those came from the same place, but not from
        which account.
      </p>
      <h3 className="mt-2 font-semibold">What it does not protect against</h3>
      <ul className="list-disc pl-6 [&>li+li]:mt-1">
        <li>Someone who runs modified server code while you sign in: your key is unlocked on the server for as long as you are signed in.</li>
        <li>Analysis of network traffic, such as matching the times you connect with the times posts appear.</li>
        <li>Your writing style, and anything your words themselves give away.</li>
        <li>Someone using your device while you are signed in there.</li>
      </ul>
      <h3 className="mt-2 font-semibold">Accounts from before this change</h3>
      <p>
        If you made your account before this change, its key is held in escrow under the server&apos;s secret until your next sign-in: until
        then, whoever holds both our database and that secret could link your earlier anonymous posts to you. Sign in once to seal it: from then on
        only your password unlocks it.
      </p>
    </>
  );
}

const privacySections: Section[] = [
  { title: 'Who we are', body: <p>Hushboard is a privacy-first discussion board. This policy explains what we collect, why, and how long we keep it.</p> },
  { title: 'Pseudonymous accounts and anonymous posting', body: <AnonymityBody /> },
  { title: 'What we collect', body: <p>Your username, your password in hashed form, your optional e-mail address, the content you post, your votes, follows and saved threads, and the cryptocurrency addresses you choose to add.</p> },
  { title: 'Passwords', body: <p>Passwords are hashed with a modern, salted algorithm (argon2id). We never store or see your password in plain text.</p> },
  {
    title: 'IP addresses',
    body: <p>We do not store raw IP addresses with your content. We keep a keyed hash of your IP address to fight spam and enforce bans, and these IP hashes are anonymized (erased) after 90 days. Bans keep their hash until they are lifted or expire.</p>,
  },
  { title: 'Cookies', body: <p>We use a single session cookie to keep you logged in, and your browser&apos;s local storage for display preferences such as the colour theme. We use no advertising or tracking cookies.</p> },
  { title: 'How we use your data', body: <p>Only to run the service: showing your posts, keeping you signed in, moderating, preventing abuse, and verifying payments and tips.</p> },
  { title: 'Public blockchain data', body: <p>Tips and payments are recorded on public blockchains. Transaction hashes and wallet addresses are public by nature and cannot be erased by us.</p> },
  { title: 'Sharing', body: <p>We do not sell your data. We share it only when the law requires us to, for example in response to a valid legal request, or when reporting illegal content.</p> },
  {
    title: 'Retention and deletion',
    body: <p>When content is deleted it disappears from the site at once, but it may remain in our backups for up to 90 days before being erased for good.</p>,
  },
  { title: 'Security', body: <p>Connections are encrypted, sessions are protected against forgery, and uploaded images are re-encoded with their metadata (such as location) removed.</p> },
  { title: 'Your rights', body: <p>You may access, correct or delete your account data, and ask for a copy of it. Contact the admin team through the site to exercise these rights.</p> },
  { title: 'Changes to this policy', body: <p>We will update the date at the top of this page when this policy changes, and announce material changes on the site.</p> },
];

const guidelineSections: Section[] = [
  { title: 'Be respectful', body: <p>Argue with ideas, not people. No harassment, threats, hate speech or targeted abuse.</p> },
  { title: 'Stay on topic', body: <p>Post in the board that fits your topic, and keep replies relevant to the thread.</p> },
  { title: 'Protect privacy', body: <p>Never post anyone&apos;s personal information. Pseudonymity is the heart of Hushboard; respect everyone&apos;s.</p> },
  { title: 'No spam or scams', body: <p>No advertising floods, repeated posts, phishing links or fraudulent offers, including fake tipping or payment requests.</p> },
  { title: 'No illegal content', body: <p>Content that is illegal is removed and, where the law requires it, reported to the authorities.</p> },
  {
    title: 'How moderation works',
    body: <p>Moderation combines community voting, user reports, board moderators and an admin team, which also handles appeals. Use Report on any thread or post that breaks these guidelines.</p>,
  },
  {
    title: 'Enforcement',
    body: (
      <ul className="list-disc pl-6">
        <li>Content removal</li>
        <li>Temporary mute or suspension</li>
        <li>Permanent ban</li>
        <li>IP ban</li>
        <li>Reporting to the authorities where the law requires it</li>
      </ul>
    ),
  },
  { title: 'Appeals', body: <p>If you think a decision was wrong, contact the admin team; appeals are reviewed by an admin who did not take the original decision.</p> },
];

export function TermsPage() {
  return <LegalPage title="Terms of Service" intro="These terms govern your use of Hushboard." sections={termsSections} />;
}

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" intro="Your privacy is the point of Hushboard. Here is exactly what we keep." sections={privacySections} />;
}

export function GuidelinesPage() {
  return <LegalPage title="Community Guidelines" intro="Private discussions, public impact: a few rules keep the boards worth reading." sections={guidelineSections} />;
}
