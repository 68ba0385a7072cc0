import 'react';

declare module 'react' {
  // The type parameter is React's (declarations must match), unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    /** Element Timing: the browser reports when this picture is painted (see loadingOf in components/responsive-image.tsx). */
    elementtiming?: string;
  }
}
