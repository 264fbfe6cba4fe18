/**
 * The site's sections, in the order the sidebar and the mobile menu list them, with the
 * paths that belong to each (a model page is in "Models", a member page in "Community").
 */
export const NAV_ITEMS = [
  { to: '/', label: 'nav.home', match: /^\/$/ },
  { to: '/videos/', label: 'nav.videos', match: /^\/(videos|top-country)\// },
  { to: '/categories/', label: 'nav.categories', match: /^\/categories\// },
  { to: '/models/', label: 'nav.models', match: /^\/models?\// },
  { to: '/channels/', label: 'nav.channels', match: /^\/channels?\// },
  { to: '/playlists/', label: 'nav.playlists', match: /^\/playlists?\// },
  { to: '/community/', label: 'nav.community', match: /^\/(community|members)\// },
] as const;
