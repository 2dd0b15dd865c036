export function render() { return "webtoy"; }
