import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';

export type PdaLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string } & {
  [data: `data-${string}`]: string | number | undefined;
};

/** A plain link: a page load (the start screen's own link is in pda/start). */
const PlainLink = (props: PdaLinkProps) => <a {...props} />;

/**
 * How the start screen's links go to a PDA screen: inside the app, the router's Link (pda-shell);
 * on the PDA's light start (pda/start), which has no router, a link that starts the app there.
 */
export const PdaLinkContext = createContext<ComponentType<PdaLinkProps>>(PlainLink);

/** A link to a PDA screen (a path of the PDA's routes), whichever frame shows it. */
export function PdaLink(props: PdaLinkProps) {
  const Link = useContext(PdaLinkContext);
  return <Link {...props} />;
}
