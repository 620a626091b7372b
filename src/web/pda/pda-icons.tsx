import type { ReactNode } from 'react';

/**
 * Line icons of the PDA surface, drawn here (24 × 24, currentColor) so the touch surface needs no
 * icon package. Pictures of direction (arrows, the plane) are mirrored in right-to-left layouts.
 */
function Icon({ children, mirror = false }: { children: ReactNode; mirror?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={mirror ? 'shrink-0 rtl:-scale-x-100' : 'shrink-0'}
    >
      {children}
    </svg>
  );
}

export const BarcodeIcon = () => (
  <Icon>
    <path d="M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3" />
    <path d="M7 8v8M10 8v8M13 8v8M17 8v8" />
  </Icon>
);

export const TruckIcon = () => (
  <Icon mirror>
    <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7z" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Icon>
);

export const PlaneIcon = () => (
  <Icon mirror>
    <path d="M21 4 3 11l7 3 3 7z" />
    <path d="m10 14 5-5" />
  </Icon>
);

export const BoxIcon = () => (
  <Icon>
    <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9z" />
    <path d="m4 7.5 8 4.5 8-4.5M12 12v9" />
  </Icon>
);

export const SwapIcon = () => (
  <Icon mirror>
    <path d="M4 8h15l-4-4M20 16H5l4 4" />
  </Icon>
);

export const GlobeIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />
  </Icon>
);

export const LogoutIcon = () => (
  <Icon mirror>
    <path d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const CameraIcon = () => (
  <Icon>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const TorchIcon = () => (
  <Icon>
    <path d="M8 3h8v4l-2 4v10h-4V11L8 7z" />
    <path d="M12 14v2" />
  </Icon>
);

export const BackIcon = () => (
  <Icon mirror>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const OutboxIcon = () => (
  <Icon>
    <path d="M4 13h4l2 3h4l2-3h4M4 13l3-8h10l3 8v6H4z" />
    <path d="M12 12V6M9.5 8.5 12 6l2.5 2.5" />
  </Icon>
);

export const SealIcon = () => (
  <Icon>
    <path d="M5 4h10l4 4v12H5z" />
    <path d="m8.5 13.5 2.5 2.5 4.5-5" />
  </Icon>
);

export const CancelIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M6 18 18 6" />
  </Icon>
);

export const RetryIcon = () => (
  <Icon mirror>
    <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
  </Icon>
);

export const KeyboardIcon = () => (
  <Icon>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <path d="M7 10h.01M11 10h.01M15 10h.01M7 14h10" />
  </Icon>
);

export const LayersIcon = () => (
  <Icon>
    <path d="m12 4 9 4.5-9 4.5-9-4.5z" />
    <path d="m3 12.5 9 4.5 9-4.5M3 16.5l9 4.5 9-4.5" />
  </Icon>
);
