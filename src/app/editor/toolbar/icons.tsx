import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export const BulletListIcon = () => (
  <Icon>
    <circle cx="4" cy="5" r="1" fill="currentColor" />
    <circle cx="4" cy="10" r="1" fill="currentColor" />
    <circle cx="4" cy="15" r="1" fill="currentColor" />
    <path d="M8 5h9M8 10h9M8 15h9" />
  </Icon>
);

export const OrderedListIcon = () => (
  <Icon>
    <path d="M3 3.5h1.5v4M3 7.5h3M3 12.5c0-1 3-1 3 .5S3 15 3 16.5h3" />
    <path d="M9 5h8M9 10h8M9 15h8" />
  </Icon>
);

export const TableIcon = () => (
  <Icon>
    <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
    <path d="M2.5 8h15M2.5 12.3h15M7.5 8v8.5M12.5 8v8.5" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon>
    <circle cx="8.5" cy="8.5" r="5" />
    <path d="M12.3 12.3 17 17" />
  </Icon>
);

export const HistoryIcon = () => (
  <Icon>
    <path d="M3.5 10a6.5 6.5 0 1 0 2-4.7" />
    <path d="M3 3.5v3.2h3.2M10 6.5V10l2.5 1.8" />
  </Icon>
);

export const RemoveCitationsIcon = () => (
  <Icon>
    <path d="M6 4H4v12h2M14 4h2v12h-2" />
    <path d="m8 8 4 4M12 8l-4 4" />
  </Icon>
);

export const ReferencesIcon = () => (
  <Icon>
    <path d="M4 3.5h9l3 3v10H4z" />
    <path d="M7 9h6M7 12h6M7 15h4" />
  </Icon>
);

export const FilesIcon = () => (
  <Icon>
    <path d="M3 5.5h5l1.5 2H17v8.5H3z" />
  </Icon>
);

export const ChevronDownIcon = () => (
  <Icon>
    <path d="m6 8 4 4 4-4" />
  </Icon>
);

export const CommentIcon = () => (
  <Icon>
    <path d="M4 4h12v9H9l-4 3v-3H4z" />
    <path d="M7 8h6M7 10.5h4" />
  </Icon>
);

export const DiagramIcon = () => (
  <Icon>
    <rect x="7" y="2.5" width="6" height="4" rx="1" />
    <rect x="2.5" y="13.5" width="6" height="4" rx="1" />
    <rect x="11.5" y="13.5" width="6" height="4" rx="1" />
    <path d="M10 6.5v3.5M5.5 13.5V10h9v3.5" />
  </Icon>
);

export const ExportIcon = () => (
  <Icon>
    <path d="M10 3v9M6.5 8.5 10 12l3.5-3.5" />
    <path d="M4 13.5V16h12v-2.5" />
  </Icon>
);

/** A sliders glyph: the paper's properties. */
export const PropertiesIcon = () => (
  <Icon>
    <path d="M4 6h12M4 10h12M4 14h12" />
    <circle cx="7" cy="6" r="1.6" />
    <circle cx="13" cy="10" r="1.6" />
    <circle cx="9" cy="14" r="1.6" />
  </Icon>
);
