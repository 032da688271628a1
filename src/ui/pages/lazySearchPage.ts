// The results page is a lazy chunk; the search field starts downloading it as soon as it gets focus, so the
// first keystroke rarely waits for it.
import { lazy } from 'react';

export const loadSearchPage = () => import('./SearchPage');
export const SearchPage = lazy(loadSearchPage);
