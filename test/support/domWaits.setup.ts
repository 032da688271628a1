// testing-library's waitFor and findBy* give up after 1 s by default. Both cores are shared by the whole run
// (tsc, eslint, Chromium, the emulators), and under that load a redirect that follows a Firebase round trip
// took longer than 1 s (test/ui/forms.test.tsx, "a logged-in visitor of /login or /sign-up is redirected to
// /", failed once that way). A wait returns as soon as its condition holds, so a longer ceiling costs a
// passing test nothing; it only lets a slow machine finish. Tests that time something (the 3 s redirects)
// pass their own timeout and check the clock themselves.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
