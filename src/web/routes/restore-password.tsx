// /restore-password/ is a mode of the sign-up screen (SPEC.md §2: the two share a screen).
// A module of its own only so the route's id names a chunk of the build manifest, from
// which the server preloads the screen's script and styles.
export { Component, loader } from './signup.tsx';
