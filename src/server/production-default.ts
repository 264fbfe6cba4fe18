// Imported first by main.ts. NODE_ENV is `production` unless it says otherwise (config.ts
// reads it that way too), and libraries that choose their build by it read it the moment they
// load: React's server renderer is several times slower in its development build, with checks
// a running site has no use for. `npm run dev` and the tests set it themselves.
process.env.NODE_ENV ??= 'production';
