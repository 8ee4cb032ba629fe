// The join site's large buttons on a phone: a label too long for the width wraps onto a second line and
// the button grows, rather than the label being cut off ("Connect my bank accoun" at 375 px).
export const WRAPPING_LABEL = {
  h: 'auto',
  mih: 50,
  py: 8,
  styles: { label: { whiteSpace: 'normal', lineHeight: 1.3, textAlign: 'center' } },
} as const;
