// The shop's look: the palette and top-bar sizes of docs/requirements.md#appearance as stitches tokens, plus a few layout helpers.
import { createStitches } from '@stitches/react';

export const { styled, css, globalCss, keyframes, theme, getCssText, reset } = createStitches({
  theme: {
    colors: {
      primary: '#212529', // primary and dark background
      dark: '#212529',
      textLight: '#F8F9FA',
      textDark: '#343A40',
      inputBackground: '#E9ECEF',
      placeholder: '#6C757D',
      error: '#FF6A6A',
      success: '#198754',
      // Derived: an error red dark enough for 4.5:1 text on white (the palette's #FF6A6A is used for borders).
      errorText: '#B3261E',
      surface: '#FFFFFF',
      border: '#DEE2E6',
    },
    space: {
      1: '4px',
      2: '8px',
      3: '12px',
      4: '16px',
      5: '24px',
      6: '32px',
      topBarPadding: '20px',
      menuGap: '40px',
    },
    fontSizes: {
      title: '1.5rem',
      menu: '1rem',
      small: '0.875rem',
      body: '1rem',
      heading: '1.75rem',
    },
    fontWeights: {
      title: 700,
      menu: 600,
    },
    fonts: {
      system:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    },
    radii: { 1: '4px', 2: '8px', round: '9999px' },
    sizes: { cartPanel: '500px', content: '1200px' },
    shadows: { card: '0 1px 3px rgba(33, 37, 41, 0.12), 0 4px 12px rgba(33, 37, 41, 0.08)' },
  },
  media: {
    phone: '(max-width: 599px)',
    tablet: '(min-width: 600px)',
    desktop: '(min-width: 900px)',
    noHover: '(hover: none)',
    reducedMotion: '(prefers-reduced-motion: reduce)',
  },
});

export const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  // The gutter is reserved from the start: the page growing past one screen (tiles arrive) no longer narrows
  // it by a scrollbar and shifts <main> sideways (Lighthouse desktop measured CLS 0.009 from exactly that).
  html: {
    fontFamily: '$system',
    color: '$textDark',
    background: '$surface',
    lineHeight: 1.5,
    scrollbarGutter: 'stable',
  },
  body: { margin: 0, minHeight: '100vh' },
  'button, input': { font: 'inherit' },
  img: { maxWidth: '100%', display: 'block' },
  '::placeholder': { color: '$placeholder', opacity: 1 },
  ':focus-visible': { outline: '3px solid #0D6EFD', outlineOffset: '2px' },
});

/** The standard page frame under the top bar. */
export const Page = styled('main', {
  width: '100%',
  maxWidth: '$content',
  margin: '0 auto',
  padding: '$5 $4 $6',
  '@tablet': { padding: '$6 $5' },
});

export const PageTitle = styled('h1', {
  fontSize: '$heading',
  margin: '0 0 $5',
  color: '$textDark',
});

export const Button = styled('button', {
  appearance: 'none',
  border: '2px solid $primary',
  borderRadius: '$1',
  padding: '$3 $5',
  fontSize: '$body',
  fontWeight: '$menu',
  cursor: 'pointer',
  minHeight: '44px',
  textTransform: 'uppercase',
  letterSpacing: '0.02em',
  transition: 'background-color 0.15s, color 0.15s',
  // A shopper who asked for less motion gets the hover colours at once, never a half-blended pair in between.
  '@reducedMotion': { transition: 'none' },
  '&:disabled, &[aria-busy="true"]': { opacity: 0.65, cursor: 'not-allowed' },
  variants: {
    variant: {
      primary: {
        background: '$primary',
        color: '$textLight',
        '&:hover:not(:disabled)': { background: '$surface', color: '$primary' },
      },
      inverted: {
        background: '$surface',
        color: '$primary',
        '&:hover:not(:disabled)': { background: '$primary', color: '$textLight' },
      },
      google: {
        background: '#1558B0',
        borderColor: '#1558B0',
        color: '$textLight',
        '&:hover:not(:disabled)': { background: '#0F4588', borderColor: '#0F4588' },
      },
    },
    fullWidth: { true: { width: '100%' } },
  },
  defaultVariants: { variant: 'primary' },
});

/** A banner above the page: a message and its button on one line, wrapping on a phone (profile, new version). */
export const bannerStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  margin: '$3 $4',
  padding: '$3 $4',
  borderRadius: '$1',
} as const;

/** The styles of visuallyHidden, for a rule that hides something only at some widths. */
export const visuallyHiddenStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Visually hidden but read by screen readers. */
export const visuallyHidden = css(visuallyHiddenStyle);
