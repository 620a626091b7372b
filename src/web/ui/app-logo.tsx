/** The parcel mark (public/favicon.svg); decorative, the app name always stands beside it. */
export function AppLogo({ size = 38 }: { size?: number }) {
  return <img src="/favicon.svg" alt="" width={size} height={size} style={{ display: 'block' }} />;
}
