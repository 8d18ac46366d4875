//! rsadecrypt with PKCS #1 and PKCS #8 keys (made with openssl for this test).
#![cfg(feature = "heavy-functions")]

use hcl_playground::{evaluate_console, parse_variables, Options};

fn decrypt(cipher: &str, key: &str) -> Result<String, String> {
    let vars = parse_variables(&serde_json::json!({"c": cipher, "k": key}).to_string()).unwrap();
    evaluate_console("rsadecrypt(c, k)", &vars, &Options::default()).map(|e| e.console).map_err(|d| d[0].one_line())
}

const PKCS1_KEY: &str = "-----BEGIN RSA PRIVATE KEY-----\nMIICXAIBAAKBgQDCJFHl3MFvJGmXBN0Ahy6pmRbxSLzQKIwZULq3EKV9t5e/ShnI\n147Fs/3+rWchjbiCWToohII1HcG38izoQsJWnvclwT7/xtaA4VqgEP26Y34zH7Up\nBKty0YwyJbLEz5r9GTsSHd2LgjrPcHB7dP7mdLQWuJoMk94rUb+KrfizKQIDAQAB\nAoGASeFgeUUlJ5KHzDzBja3kCA6GOJQhpmWHyyp5o6jmEY2IZfdhEJlXb80rX3vF\nv3MbQB+Mjla+5k/IpKO4izq8kWgSx9cxJczP7/Gpuql3wkEXkdPcY3WD3ShITSDa\noUBXL8eX2BUrPN0K2EjH16K+/IbvSM8CU6fo+aDNCQ9o5MECQQDv5vGZjeUA+rMM\nsiGstCaW3dy0MEIiTHJSTxbZTYsfMQ54PhurtIgaowULLLLEoC3w08cQcvqHsJ+n\nLCI3zOrtAkEAzytNodSxMPZm9m6jjtcb5k9sGtD9h27yP4q73dPGPjm6ajhLrE5b\nD9AReMQrcwBqsII/qVopOQHiciJQUIqVrQJALV2FqFztxi6iNy9kMM1sUrEnsCdE\nCkpcf/YWwwbn3QEg1FoiT2j3J9pV9NQCBi6oIVda2GB1wb0Do9AztEuazQJBAKk7\nlo88UALPRgzJFJL65a+d8ZF2Z6Ta3MlLa2wqMydhwQZENozq9ThVn/AnT9cB4CWQ\nQLD3FfWbtH/HyBQDIYECQBbgKAcUU7xYguKISNw1CodjgPZheSUCm7t/V3Qj5Hag\n/huxFSj8xIVVl+YlYjv33qPEAHuGnUYi8MMK4Iz8uOU=\n-----END RSA PRIVATE KEY-----\n";
const PKCS1_CIPHER: &str = "iEN0+xHXd+hHk05aF+QB732ShEam9tq75d55bmEBicWWk/xxRdNlwYp/IIZJI/QTvQM31uhEUoFJgUe3aNh/8fR/t/d62Qme84y8+SYYMet/7LB8qY5a1nkTVKdrLQbcDIfoPf3wLHz5xVmENOT6vpg/Bl0hMun8W16TSpM6Zog=";
const PKCS8_KEY: &str = "-----BEGIN PRIVATE KEY-----\nMIICeAIBADANBgkqhkiG9w0BAQEFAASCAmIwggJeAgEAAoGBAL+4Qfgv+X1M5DdK\nGcLvWFEXROjveQSlA/TFJEHpg1mttX9rp8WQgnRMfzqoHZDnTkSAuX6+a2Ow1AY4\nNQ7975lLzvdrSu4uwvZNy698/STvInybMonYvCInqTggeVAkS8lUaOymmBeZou+H\nAjIBY+f14289vTgI1pi8UNR89GRFAgMBAAECgYEAhC1FlhWFPWTIpnG5BxM6YVXY\nlXuchJ479wH/uE2E2EwRqJKRLX0u431l7gu/roo6BLJ2sLIZmbZsxwjzU62xBF6p\nFb2fl2kLK43s1a8Z5aSTlsIXDo/rscJSfQy07kUAbTs4/lxQFqr8P2TZ5XsGPkZ/\npxZQrMRES8RDq4XfuSECQQDfl98nN3TJplkQ04738N9Y03f+fqNq93elm9DsYqHq\nlMMiViF2/4B0qKHGJHkfDi+bnoh4OfMl82F4ssmjJ+ZdAkEA24HDQdeDKMdOSimt\nVVl7VhuNoB7LQWiqc4YSf3kKMaGponcu/PPBBqYhNq4awxhM9q5Sk2fFsxzfEP2T\nULfHCQJAKeRznA5o5Es1jtCEjfHkdukQJ2+kwKrjEPVTvKZyPdhngyxuErSmZbUe\nslgtFWN8CgU2/oelBexGy+17mAUmxQJBALY4yeQtyWcf1UFBye/xga7g3rhO+ALL\npbyTT2XdEHZVMyJ4+Fvq6pHfdfETpYnR8YpS+p/95KQlUpSjPRkkBykCQQCI3iWG\nsqqeBjDOKtwKy7P+BatLDPecIaRToHMd5P7iPbBB6fFk/HF/HRIPnd3bZId1wE0C\n0uNjGQv+ZDut7aMa\n-----END PRIVATE KEY-----\n";
const PKCS8_CIPHER: &str = "K8mPy0fI5j8v5AAcFgxFoW5PAj6050Sw5JGjZrzuZo+f9YcyLF/Ruzj6bZDpLoLVkoxsmNXd40tcEr4DlUFpHz2R6mlY5P1Xg3ByMdQmw0l9JjeYQfotY1jgTmTHQhsmhVOTLKmM+8PMUA0VAvNtbBcI+5yrkBvoYfspk4S0w+Y=";

#[test]
fn decrypts_with_pkcs1_and_pkcs8_keys() {
    assert_eq!(decrypt(PKCS1_CIPHER, PKCS1_KEY), Ok("\"Hello, world!\"".into()));
    assert_eq!(decrypt(PKCS8_CIPHER, PKCS8_KEY), Ok("\"Hello, world!\"".into()));
}

#[test]
fn reports_bad_input() {
    assert!(decrypt("!!", PKCS1_KEY).unwrap_err().contains("cipher text must be base64-encoded"));
    assert!(decrypt(PKCS1_CIPHER, "not a key").unwrap_err().contains("invalid private key"));
    assert!(decrypt(PKCS8_CIPHER, PKCS1_KEY).unwrap_err().contains("failed to decrypt"));
}
