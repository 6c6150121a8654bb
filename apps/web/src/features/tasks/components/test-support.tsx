// the component tests' server and providers are shared by every feature
export * from '../../../lib/test-support';
