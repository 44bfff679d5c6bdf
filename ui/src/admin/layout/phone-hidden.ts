// Visually hidden below 600 px (still read out by a screen reader), shown from there up: what an app bar
// control says in words on a desktop and has no room for on a phone.
export const PHONE_HIDDEN = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  margin: { xs: '-1px', sm: 0 },
} as const;
