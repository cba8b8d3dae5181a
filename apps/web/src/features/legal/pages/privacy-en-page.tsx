import { CODE_TTL_MS, MINIMUM_AGE, SESSION_TTL_MS } from '@brushline/shared/auth/constants';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';

const SESSION_DAYS = Math.round(SESSION_TTL_MS / (24 * 60 * 60 * 1000));
const CODE_MINUTES = Math.round(CODE_TTL_MS / (60 * 1000));

const SECTIONS: LegalSection[] = [
  {
    heading: 'About this policy',
    paragraphs: [
      'This policy explains what personal data Brushline collects when you use it, why we need that data, how long we keep it and what you can do about it. Brushline is a marketplace for art commissions: artists publish commission cards with prices, commissioners order them or post public requests, and everyone can use the feed, chat, notifications and profiles.',
      'Brushline is open-source software, and anyone may run their own copy of it. Each installation is run by its own operator, who is responsible for that installation and for the personal data it handles. In this policy, “we” means the operator of the installation you are using right now, and the contact mailbox at the end of this page belongs to that operator.',
    ],
  },
  {
    heading: 'Who can use Brushline',
    paragraphs: [
      `You must be over ${MINIMUM_AGE} years old to register or use the service. We do not knowingly collect data about anyone younger. If we learn that an account belongs to a minor, we will close it and delete its data.`,
    ],
  },
  {
    heading: 'What data we collect',
    items: [
      'Account data: your login and your e-mail address. An e-mail address is required to register.',
      'Your password, which we never store as typed: we keep only an argon2id hash of it, which cannot be turned back into the password.',
      'Content you post: feed posts, images, commission cards, public requests, chat messages and the details you add to your profile.',
      'Technical data: your IP address, which we use for rate limiting and to protect the service from abuse, and session records that tell us which devices are signed in to your account.',
    ],
    notes: [
      'When you upload an image, we re-encode it and remove its metadata, such as the GPS location, camera model or editing history that files often carry. Only the picture itself is stored and shown.',
    ],
  },
  {
    heading: 'How we use your data',
    items: [
      'To create your account and sign you in.',
      `To send you e-mails: the verification code when you register, codes to reset a forgotten password and messages about the service. Codes are valid for ${CODE_MINUTES} minutes.`,
      'To show the content you publish to other users and to deliver your messages and notifications.',
      'To keep the service secure: limit repeated attempts, detect abuse and enforce the terms of use.',
    ],
    notes: [
      'We do not sell your data, we do not show advertising and we do not use it to build advertising profiles.',
    ],
  },
  {
    heading: 'Who can see your data',
    paragraphs: [
      'Your login, profile, posts, images, commission cards and public requests are public: anyone who visits the installation can see them. Chat messages are visible only to the people in the conversation. Your e-mail address and your IP address are never shown to other users.',
      'The operator and the moderators of this installation can access data when this is needed to run the service, answer your requests or handle reports of abuse. We may also share data with hosting and e-mail delivery providers that work for us, only as much as they need to do that work, or with authorities when the law requires it.',
    ],
  },
  {
    heading: 'Where your data is stored',
    paragraphs: [
      'Personal data of users of this installation is stored on servers located in the Russian Federation.',
    ],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      `We use one session cookie to keep you signed in. It is marked HttpOnly, so scripts on the page cannot read it, and it is needed for the service to work. It stays valid for ${SESSION_DAYS} days after your last activity, or until you sign out.`,
      'We do not use advertising or tracking cookies and we do not embed third-party trackers.',
      'You can block cookies in your browser, but then you won’t be able to stay signed in: you can still browse public pages, but you can’t post, order commissions, chat or change your settings.',
    ],
  },
  {
    heading: 'How long we keep data',
    items: [
      'Account data and your content are kept while your account exists, or until the content is deleted.',
      'When you ask us to delete your account, we delete or anonymize its data within 30 days. Copies may stay in backups for a short time longer, until those backups are replaced.',
      `Session records are removed when you sign out or when the session expires after ${SESSION_DAYS} days without activity.`,
      'Verification and reset codes are discarded once they are used or expire.',
      'IP addresses used for rate limiting are kept only for as long as the limit applies.',
    ],
    notes: [
      'We may keep a minimal record for longer when the law requires it or when it is needed to deal with serious abuse, for example to stop a banned user from registering again.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: ['You can ask us to:'],
    items: [
      'tell you what personal data we hold about you and give you a copy of it;',
      'correct data that is wrong or out of date;',
      'delete your account and your personal data.',
    ],
    notes: [
      'To protect your account, we will answer requests sent from the e-mail address linked to it, or ask you to confirm that the account is yours in another way. We reply within 30 days.',
    ],
    contact: 'To exercise any of these rights, write to',
  },
  {
    heading: 'Security',
    paragraphs: [
      'We protect your data with hashed passwords, HttpOnly session cookies and limits on repeated attempts. No system is perfectly secure, so please use a strong password that you don’t use anywhere else.',
    ],
  },
  {
    heading: 'Changes to this policy',
    paragraphs: [
      'We may update this policy when the service or the law changes. The date at the top of this page shows when it was last changed. If the changes are significant, we will tell you through the service or by e-mail.',
    ],
  },
  {
    heading: 'Contact',
    contact: 'Questions about this policy or your data can be sent to',
  },
];

export function PrivacyEnPage() {
  return <LegalDocument title="Privacy policy" lang="en" sections={SECTIONS} />;
}
