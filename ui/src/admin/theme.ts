// The signed-in area's look: react-admin's default theme in Binaan's colours.
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#1f5f8b' }, secondary: { main: '#c77d1a' } },
  sidebar: { width: 250, closedWidth: 55 },
};
