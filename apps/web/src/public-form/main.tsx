import { mountPublicPage } from '../lib/mount-public-page';
import { PublicFormApp } from './public-form-app';

mountPublicPage(<PublicFormApp />);
