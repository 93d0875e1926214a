import { mountPublicPage } from '../lib/mount-public-page';
import { ApprovalRequestApp } from '../public-approval-request/approval-request-app';
import { PublicApprovalApp } from './public-approval-app';

// One entry, approval.html, for both links: an agent's tool call (/engine/approvals/{token}) and
// an 'Aguardar aprovação' request (/engine/approval-requests/{token}, docs/adr/0115).
const isRequest = window.location.pathname.startsWith('/engine/approval-requests/');

mountPublicPage(isRequest ? <ApprovalRequestApp /> : <PublicApprovalApp />);
