import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { AlertProvider } from './components/AlertProvider';
import { LiveAnnouncer } from './components/LiveAnnouncer';
import { EditorBridgeProvider } from './editor/bridge/EditorBridge';
import './styles/base.css';
import './styles/landing.css';
import './styles/workspace.css';
import './styles/editor.css';
import './styles/references.css';
import './styles/export.css';
import './styles/ai.css';
import './styles/files.css';
import './styles/billing.css';
import './styles/rewrite-paper.css';
import './styles/sharing.css';
import './styles/first-contact.css';
import './styles/chat.css';
import './styles/wizard.css';
import './styles/analysis.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <EditorBridgeProvider>
          <App />
          <LiveAnnouncer />
        </EditorBridgeProvider>
      </AlertProvider>
    </QueryClientProvider>
  </StrictMode>,
);
