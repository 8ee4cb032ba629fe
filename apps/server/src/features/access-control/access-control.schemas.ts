// Path parameters of the access-control calls; their bodies are shared: @gym/domain/api/access-control-requests.
import { idParam, recordId } from '../../http/params';

export const placeParams = idParam.extend({ place_id: recordId });
export const doorParams = placeParams.extend({ door_id: recordId });
