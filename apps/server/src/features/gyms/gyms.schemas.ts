// Path parameters of the gym settings calls; their bodies are shared with the page: @gym/domain/api/gym-requests.
import { idParam, recordId } from '../../http/params';

export const accountParams = idParam.extend({ accountId: recordId });
