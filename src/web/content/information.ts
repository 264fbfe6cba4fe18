// The information pages (SPEC.md §2 /information/…): terms, privacy, cookies, parental
// control, the EU Digital Services Act, DMCA, support and 18 U.S.C. 2257. The legal text is
// kept in English, the language it is binding in; titles and the note saying so are
// translated. `{site}` and `{email}` are filled in from the configuration, `{purgeDays}` from
// the constant the purge keeps to.

import { ACCOUNT_PURGE_DAYS } from '../../contracts/account-data.ts';

export const INFORMATION_PAGES = [
  'terms',
  'privacy',
  'cookies_policy',
  'parentalcontrol',
  'eu-digital-services-act',
  'dmca',
  'support',
  '2257',
] as const;
export type InformationPage = (typeof INFORMATION_PAGES)[number];

/** The footer key of each page's title (translated in every language). */
export const TITLE_KEYS: Record<InformationPage, string> = {
  terms: 'footer.terms',
  privacy: 'footer.privacy',
  cookies_policy: 'footer.cookies',
  parentalcontrol: 'footer.parental',
  'eu-digital-services-act': 'footer.dsa',
  dmca: 'footer.dmca',
  support: 'footer.support',
  '2257': 'footer.records',
};

export interface Section {
  heading?: string;
  paragraphs: string[];
}

export const INFORMATION: Record<InformationPage, Section[]> = {
  terms: [
    {
      paragraphs: [
        'These terms govern your use of {site}. By using the site you accept them; if you do not, please leave.',
      ],
    },
    {
      heading: 'Adults only',
      paragraphs: [
        'The site contains material for adults. You may use it only if you are at least 18 years old, or the age of majority where you live if that is higher, and if viewing such material is legal where you are.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You are responsible for what happens under your account. Keep your password to yourself and tell us at {email} if you think someone else has used it.',
      ],
    },
    {
      heading: 'What you upload',
      paragraphs: [
        'You may upload only material you own or are licensed to publish, in which every person depicted was 18 or older at the time of recording and consented to the recording and its publication. Content involving minors, animals, non-consent, incest, violence or gore is forbidden and is removed and reported.',
        'By uploading you grant us a worldwide, non-exclusive licence to host, encode, display and distribute the material on the site and its network for as long as it stays online. You can delete your uploads at any time.',
      ],
    },
    {
      heading: 'Conduct',
      paragraphs: [
        'Do not harass other members, post spam, impersonate others, or try to disrupt or scrape the service beyond its public API. We may remove content and suspend accounts that break these terms.',
      ],
    },
    {
      heading: 'No warranty',
      paragraphs: [
        'The site is provided as it is. To the extent the law allows, we are not liable for indirect damages arising from its use. Nothing in these terms limits rights you have as a consumer under the law of your country.',
      ],
    },
  ],
  privacy: [
    {
      paragraphs: [
        'This policy explains what {site} stores about you, why, and what you can ask us to do with it. Write to {email} about any of it.',
      ],
    },
    {
      heading: 'What we store',
      paragraphs: [
        'Visitors: your language choice and, in your own browser, your recent searches and viewing history. Server logs keep request details, without your full IP address, for up to 14 days to keep the service secure.',
        'Members: your username, e-mail address, a salted hash of your password, the profile details you choose to give, and what you do on the site (uploads, favourites, playlists, comments, subscriptions).',
      ],
    },
    {
      heading: 'Why',
      paragraphs: [
        'To run the site and your account, to keep it secure and free of abuse, and to meet legal obligations such as record keeping for uploads. We do not sell personal data.',
      ],
    },
    {
      heading: 'Where you are',
      paragraphs: [
        'To show the age notice the law of your country asks for, the offers meant for your country and its top videos, we work out the country of your IP address, from a database kept on our own server or from the network provider that carries our traffic; nobody else is asked. Only the country is used, for the page you open: it is not stored with your account or in our statistics.',
        'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com, used under the Creative Commons Attribution-ShareAlike 4.0 International licence.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can see, correct, download or delete your data. On the Edit profile page, "Download my data" gives you a JSON file of everything stored about your account: your profile, your uploads and the moderation decisions about them, comments, messages, wall posts, playlists, favourites, history, subscriptions, friends, votes, albums and sessions.',
        '"Delete my account" asks for your password (or, for an account made with Google, your username). Your profile, uploads, albums, playlists, comments and wall posts disappear from the site at once, you are signed out everywhere, and your username and e-mail address can be registered again. Within {purgeDays} days everything else that was yours is removed or anonymised: video files are deleted, and your messages (both sides of each conversation), lists, votes, subscriptions and friendships are removed. A member whose account is banned, and who therefore cannot sign in, can still have it deleted: write to {email} from the address of the account.',
        "We keep, without your name or contact details, what the law or other people's rights require: the 18 U.S.C. 2257 records of uploads, and moderation records (takedowns, strikes, bans, statements of reasons, DMCA notices and counter-notices, the audit log), referring to your account only by its number.",
      ],
    },
  ],
  cookies_policy: [
    {
      paragraphs: [
        '{site} uses a small number of cookies and browser storage entries, all needed for the site to work as you expect. We use no advertising or tracking cookies of our own.',
      ],
    },
    {
      heading: 'What we set',
      paragraphs: [
        'app_lang: the language you picked, for one year. app_gender: the section (straight, shemale or gay) you browse. A session cookie when you sign in. In your browser storage: whether you acknowledged this notice, confirmed your age, your recent searches and your viewing history.',
      ],
    },
    {
      heading: 'Your choice',
      paragraphs: [
        'You can delete cookies and site data in your browser settings at any time. The site still works, but forgets your language, notices and history.',
      ],
    },
  ],
  parentalcontrol: [
    {
      paragraphs: [
        '{site} is for adults only and is labelled with the RTA (Restricted to Adults) label, which parental control software recognises.',
      ],
    },
    {
      heading: 'Protecting children',
      paragraphs: [
        'Turn on the parental controls of your device and browser, or install filtering software; all major ones block sites carrying the RTA label. Keep your devices protected by a password, and do not leave adult sites open where children can see them.',
        'If you believe a child has an account or appears in any material here, write to {email} at once: we remove the material and report it to the authorities.',
      ],
    },
  ],
  'eu-digital-services-act': [
    {
      paragraphs: [
        'This page gives the information the EU Digital Services Act asks of online platforms.',
      ],
    },
    {
      heading: 'Single point of contact',
      paragraphs: [
        'Authorities of the EU member states, the Commission and the Board, and recipients of the service can reach us at {email}, in English or in any official EU language.',
      ],
    },
    {
      heading: 'Notices of illegal content',
      paragraphs: [
        'Anyone can report content they consider illegal with the Report button on any video or through the contact form. Tell us where the content is, why you consider it illegal, and how to reach you. We review every notice, act on it without undue delay, and tell you what we decided and how to contest it.',
      ],
    },
    {
      heading: 'Moderation and complaints',
      paragraphs: [
        'Uploads are checked before and after publication. If we remove your content or restrict your account, we tell you why; you can complain to {email} within six months and we will review the decision.',
      ],
    },
  ],
  dmca: [
    {
      paragraphs: [
        '{site} respects copyright and answers notices under the US Digital Millennium Copyright Act and similar laws.',
      ],
    },
    {
      heading: 'Takedown notices',
      paragraphs: [
        'Send notices to {email} with: your contact details; the work you hold the rights to; the exact addresses of the videos on this site; a statement that you believe in good faith the use is not authorised; a statement, under penalty of perjury, that your notice is accurate and that you are the rights holder or act for them; and your physical or electronic signature.',
        'We remove the material, usually within 24 hours, and tell the uploader. Repeat infringers lose their accounts.',
      ],
    },
    {
      heading: 'Counter-notices',
      paragraphs: [
        'If your upload was removed by mistake, send a counter-notice to the same address with your contact details, the removed material, a statement under penalty of perjury that it was removed by mistake, and your consent to the jurisdiction of the courts of your district.',
      ],
    },
  ],
  support: [
    {
      paragraphs: [
        'Need help with {site}? Most answers are below; for anything else write to {email}. We answer within two working days.',
      ],
    },
    {
      heading: 'Playback',
      paragraphs: [
        'Videos play in any current browser. If a video stalls, lower the quality in the player or reload the page; private videos need you to sign in.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Forgot your password? Use the restore link on the sign-in page. To change your e-mail address, profile or password, open your profile and choose Edit.',
      ],
    },
    {
      heading: 'Reporting',
      paragraphs: [
        'To report a video, use its Report button. For copyright, see the DMCA page; for illegal content, see the EU Digital Services Act page.',
      ],
    },
  ],
  '2257': [
    {
      paragraphs: [
        '18 U.S.C. 2257 record-keeping requirements compliance statement.',
        'All models, actors, actresses and other persons who appear in any visual depiction of actual or simulated sexually explicit conduct on {site} were over 18 years of age at the time the depictions were created.',
        'For every video uploaded to {site}, the uploader declares the performers, with their legal names, dates of birth, identification documents and signed releases, or the ground on which the video is exempt; no video is published without this declaration. The records required by 18 U.S.C. 2257 and 28 C.F.R. 75 are kept, encrypted, by the custodian of records named below, to whom requests concerning records can be sent.',
      ],
    },
  ],
};

/** Fills `{site}`, `{email}` and `{purgeDays}` into a paragraph. */
export function fill(text: string, site: string, email: string): string {
  return text
    .replaceAll('{site}', site)
    .replaceAll('{email}', email)
    .replaceAll('{purgeDays}', String(ACCOUNT_PURGE_DAYS));
}
