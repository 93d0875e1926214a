import { mountPublicPage } from '../lib/mount-public-page';
import { PublicApprovalApp } from './public-approval-app';

mountPublicPage(<PublicApprovalApp />);
